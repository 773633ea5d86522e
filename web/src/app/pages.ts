import { lazyPage } from './lazy.js';

// Everything but the landing page loads on demand, keeping the first download small.
export const LoginPage = lazyPage(
  () => import('@/features/auth/components/LoginPage.js'),
  (m) => m.LoginPage,
);
export const RegisterPage = lazyPage(
  () => import('@/features/auth/components/RegisterPage.js'),
  (m) => m.RegisterPage,
);
export const RequestPasswordResetPage = lazyPage(
  () => import('@/features/auth/components/RequestPasswordResetPage.js'),
  (m) => m.RequestPasswordResetPage,
);
export const PasswordResetPage = lazyPage(
  () => import('@/features/auth/components/PasswordResetPage.js'),
  (m) => m.PasswordResetPage,
);
export const PriceListPage = lazyPage(
  () => import('@/features/price-list/components/PriceListPage.js'),
  (m) => m.PriceListPage,
);
export const ApiDocsPage = lazyPage(
  () => import('@/features/docs/components/ApiDocsPage.js'),
  (m) => m.ApiDocsPage,
);

export const AppShell = lazyPage(
  () => import('./shell/AppShell.js'),
  (m) => m.AppShell,
);
export const DashboardPage = lazyPage(
  () => import('@/features/dashboard/components/DashboardPage.js'),
  (m) => m.DashboardPage,
);
export const BuyAirtimePage = lazyPage(
  () => import('@/features/airtime/components/BuyAirtimePage.js'),
  (m) => m.BuyAirtimePage,
);
export const ElectricityPage = lazyPage(
  () => import('@/features/electricity/components/ElectricityPage.js'),
  (m) => m.ElectricityPage,
);
export const CableTvPage = lazyPage(
  () => import('@/features/bills/components/CableTvPage.js'),
  (m) => m.CableTvPage,
);
export const ExamPinsPage = lazyPage(
  () => import('@/features/bills/components/ExamPinsPage.js'),
  (m) => m.ExamPinsPage,
);
export const RechargeCardsPage = lazyPage(
  () => import('@/features/recharge-cards/components/RechargeCardsPage.js'),
  (m) => m.RechargeCardsPage,
);
export const PrintCardsPage = lazyPage(
  () => import('@/features/recharge-cards/components/PrintCardsPage.js'),
  (m) => m.PrintCardsPage,
);
export const ServicesPage = lazyPage(
  () => import('@/features/services/components/ServicesPage.js'),
  (m) => m.ServicesPage,
);
export const AdminServicesPage = lazyPage(
  () => import('@/features/admin-services/components/AdminServicesPage.js'),
  (m) => m.AdminServicesPage,
);
export const BulkPurchasePage = lazyPage(
  () => import('@/features/bulk/components/BulkPurchasePage.js'),
  (m) => m.BulkPurchasePage,
);
export const TransactionsPage = lazyPage(
  () => import('@/features/transactions/components/TransactionsPage.js'),
  (m) => m.TransactionsPage,
);
export const FundWalletPage = lazyPage(
  () => import('@/features/wallet/components/FundWalletPage.js'),
  (m) => m.FundWalletPage,
);
export const TransferPage = lazyPage(
  () => import('@/features/transfer/components/TransferPage.js'),
  (m) => m.TransferPage,
);
export const WithdrawPage = lazyPage(
  () => import('@/features/withdraw/components/WithdrawPage.js'),
  (m) => m.WithdrawPage,
);
export const EarningsPage = lazyPage(
  () => import('@/features/earnings/components/EarningsPage.js'),
  (m) => m.EarningsPage,
);
export const FundWithCouponPage = lazyPage(
  () => import('@/features/wallet/components/FundWithCouponPage.js'),
  (m) => m.FundWithCouponPage,
);
export const AccountPage = lazyPage(
  () => import('@/features/account/components/AccountPage.js'),
  (m) => m.AccountPage,
);
export const ChangePasswordPage = lazyPage(
  () => import('@/features/account/components/ChangePasswordPage.js'),
  (m) => m.ChangePasswordPage,
);
export const AdminHomePage = lazyPage(
  () => import('@/features/admin/components/AdminHomePage.js'),
  (m) => m.AdminHomePage,
);
export const AdminUsersPage = lazyPage(
  () => import('@/features/admin-users/components/AdminUsersPage.js'),
  (m) => m.AdminUsersPage,
);
export const GenerateCouponPage = lazyPage(
  () => import('@/features/admin/components/GenerateCouponPage.js'),
  (m) => m.GenerateCouponPage,
);
export const BuyDataPage = lazyPage(
  () => import('@/features/data/components/BuyDataPage.js'),
  (m) => m.BuyDataPage,
);
export const ContactsPage = lazyPage(
  () => import('@/features/contacts/components/ContactsPage.js'),
  (m) => m.ContactsPage,
);
export const UpdatePricePage = lazyPage(
  () => import('@/features/plans/components/UpdatePricePage.js'),
  (m) => m.UpdatePricePage,
);
export const PlanManagerPage = lazyPage(
  () => import('@/features/plans/components/PlanManagerPage.js'),
  (m) => m.PlanManagerPage,
);
export const AdminSettingsPage = lazyPage(
  () => import('@/features/admin-settings/components/AdminSettingsPage.js'),
  (m) => m.AdminSettingsPage,
);
export const SendMailPage = lazyPage(
  () => import('@/features/admin-mail/components/SendMailPage.js'),
  (m) => m.SendMailPage,
);
export const AuditLogPage = lazyPage(
  () => import('@/features/audit-log/components/AuditLogPage.js'),
  (m) => m.AuditLogPage,
);
export const ProfitAndLossPage = lazyPage(
  () => import('@/features/admin-profit/components/ProfitAndLossPage.js'),
  (m) => m.ProfitAndLossPage,
);
export const SupplierFloatsPage = lazyPage(
  () => import('@/features/admin-floats/components/SupplierFloatsPage.js'),
  (m) => m.SupplierFloatsPage,
);
export const ReconciliationPage = lazyPage(
  () => import('@/features/admin-reconciliation/components/ReconciliationPage.js'),
  (m) => m.ReconciliationPage,
);
