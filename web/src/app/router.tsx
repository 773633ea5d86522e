import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { LandingPage } from '@/features/landing/components/LandingPage.js';
import { RequireAdmin, RequireRole, RequireToken, isAdmin, isAdminOrAgent, isAdminOrCouponVendor } from './guards.js';
import { lazyPagesIn } from './lazy.js';
import { NotFoundPage } from './NotFoundPage.js';
import * as Page from './pages.js';
import { RootLayout } from './RootLayout.js';

/**
 * Declarative routes (BrowserRouter + useRoutes) rather than a data router: the app loads its data
 * with TanStack Query, and the data router's loader machinery would add ~18 KB gzipped to the first download.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'login', element: <Page.LoginPage /> },
      { path: 'register', element: <Page.RegisterPage /> },
      { path: 'register/:referralId', element: <Page.RegisterPage /> },
      { path: 'requestPasswordReset', element: <Page.RequestPasswordResetPage /> },
      { path: 'passwordReset/:token/:userId', element: <Page.PasswordResetPage /> },
      { path: 'priceList', element: <Page.PriceListPage /> },
      { path: 'docs', element: <Page.ApiDocsPage /> },
      {
        path: 'profile',
        element: (
          <RequireToken>
            <Page.AppShell />
          </RequireToken>
        ),
        children: [
          { index: true, element: <Page.DashboardPage /> },
          { path: 'buyData', element: <Page.BuyDataPage /> },
          { path: 'buyAirtime', element: <Page.BuyAirtimePage /> },
          { path: 'electricity', element: <Page.ElectricityPage /> },
          { path: 'cableTv', element: <Page.CableTvPage /> },
          { path: 'examPins', element: <Page.ExamPinsPage /> },
          { path: 'rechargeCards', element: <Page.RechargeCardsPage /> },
          { path: 'rechargeCards/:id/print', element: <Page.PrintCardsPage /> },
          { path: 'services', element: <Page.ServicesPage /> },
          { path: 'bulk', element: <Page.BulkPurchasePage /> },
          { path: 'contacts', element: <Page.ContactsPage /> },
          { path: 'transactions', element: <Page.TransactionsPage /> },
          { path: 'user', element: <Page.AccountPage /> },
          { path: 'changePassword', element: <Page.ChangePasswordPage /> },
          { path: 'fundWallet/coupon', element: <Page.FundWithCouponPage /> },
          { path: 'fundWallet', element: <Page.FundWalletPage /> },
          { path: 'transfer', element: <Page.TransferPage /> },
          { path: 'withdraw', element: <Page.WithdrawPage /> },
          { path: 'earnings', element: <Page.EarningsPage /> },
          {
            path: 'updatePrice',
            element: (
              <RequireRole allow={isAdminOrAgent}>
                <Page.UpdatePricePage />
              </RequireRole>
            ),
          },
          {
            path: 'adminSettings',
            element: (
              <RequireRole allow={isAdmin}>
                <Page.AdminSettingsPage />
              </RequireRole>
            ),
          },
          {
            path: 'dataPlans',
            element: (
              <RequireRole allow={isAdmin}>
                <Page.PlanManagerPage />
              </RequireRole>
            ),
          },
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireAdmin>
            <Page.AppShell />
          </RequireAdmin>
        ),
        children: [
          { index: true, element: <Page.AdminHomePage /> },
          // The spec writes it /admin/sendMail (sidebar) and sendmail (shell); paths match either.
          { path: 'sendMail', element: <Page.SendMailPage /> },
          { path: 'audit', element: <Page.AuditLogPage /> },
          { path: 'services', element: <Page.AdminServicesPage /> },
          { path: 'profit', element: <Page.ProfitAndLossPage /> },
          { path: 'floats', element: <Page.SupplierFloatsPage /> },
          { path: 'reconciliation', element: <Page.ReconciliationPage /> },
        ],
      },
      {
        // Coupon vendors generate coupons too (paid from their wallet), in the admin shell.
        path: 'admin/generateCoupon',
        element: (
          <RequireRole allow={isAdminOrCouponVendor}>
            <Page.AppShell />
          </RequireRole>
        ),
        children: [{ index: true, element: <Page.GenerateCouponPage /> }],
      },
      {
        // Every user's transactions, with Refund in the details: admins and agents alike (agents refund too).
        path: 'admin/transactions',
        element: (
          <RequireRole allow={isAdminOrAgent}>
            <Page.AppShell />
          </RequireRole>
        ),
        children: [{ index: true, element: <Page.TransactionsPage /> }],
      },
      {
        // "my users" is in the admin shell for admins and agents alike; the rest of /admin is for admins.
        path: 'admin/users',
        element: (
          <RequireRole allow={isAdminOrAgent}>
            <Page.AppShell />
          </RequireRole>
        ),
        children: [{ index: true, element: <Page.AdminUsersPage /> }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts downloading every screen the URL shows (e.g. the shell and the dashboard for /profile) at
 * once, instead of each only when the one around it has rendered: one round trip, not a waterfall.
 * Resolves once they are all here (or failed); undefined when the URL's screens came with the first
 * download (the landing page).
 */
export function preloadScreensFor(pathname: string): Promise<void> | undefined {
  const loading: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    // A failed download shows when the screen renders (the route error boundary); not twice.
    for (const page of lazyPagesIn(match.route.element)) loading.push(page.preload().catch(() => undefined));
  }
  return loading.length ? Promise.all(loading).then(() => undefined) : undefined;
}

export function AppRoutes() {
  return useRoutes(routes);
}
