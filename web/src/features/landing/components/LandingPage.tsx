import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCTS } from '@shared/products.js';
import { SITE } from '@/config/site.js';
import { useSession } from '@/lib/session.js';
import { BrandLink } from '@/ui/BrandLink.js';
import { Icon } from '@/ui/Icon.js';
import { PRODUCT_ICONS } from '@/ui/purchase/product-icons.js';
import { Faq } from './Faq.js';

/** Every product of the registry, with its pitch. */
const SERVICES = PRODUCTS.map((product) => ({ type: product.type, title: product.label, icon: PRODUCT_ICONS[product.type], text: product.pitch }));

export function LandingPage() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const primary = session ? { to: '/profile', label: 'Dashboard' } : { to: '/login', label: 'Login/Register' };

  return (
    <div className="landing">
      <header className="landing-header">
        <div className="container landing-bar">
          <BrandLink />
          <button
            type="button"
            className="menu-toggle"
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls="landing-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="burger" aria-hidden="true" />
          </button>
          <nav id="landing-nav" className={`landing-nav ${menuOpen ? 'open' : ''}`} aria-label="Main">
            {/* biome-ignore lint/a11y/useValidAnchor: a real link to a section of this page (the browser scrolls to it); the click also closes the phone menu. */}
            <a href="#services" onClick={() => setMenuOpen(false)}>
              Services
            </a>
            {/* biome-ignore lint/a11y/useValidAnchor: a real link to a section of this page (the browser scrolls to it); the click also closes the phone menu. */}
            <a href="#faq" onClick={() => setMenuOpen(false)}>
              FAQ
            </a>
            <Link to="/priceList">Price list</Link>
            <Link to={primary.to} className="nav-cta">
              {primary.label}
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section className="hero">
          <div className="container hero-inner">
            {session ? (
              <p className="hero-greeting" data-testid="greeting">
                Welcome back, <strong>{session.user.userName}</strong>
              </p>
            ) : null}
            <h1>Cheap data, airtime and electricity — instantly.</h1>
            <p className="hero-lead">{SITE.tagline} Automatic refunds if anything fails.</p>
            <div className="hero-actions">
              <Link to={primary.to} className="btn btn-accent btn-lg" data-testid="hero-primary">
                {primary.label}
              </Link>
              <Link to="/priceList" className="btn btn-outline-light btn-lg" data-testid="hero-prices">
                View prices
              </Link>
            </div>
            <ul className="hero-points">
              <li>All 4 networks</li>
              <li>Instant delivery</li>
              <li>Automatic refunds</li>
            </ul>
          </div>
        </section>

        <section id="services" className="section container">
          <h2 className="section-title">What you can buy</h2>
          <div className="service-grid">
            {SERVICES.map((service) => (
              <article key={service.type} className="service-card" data-testid="service-card">
                <span className="service-icon">
                  <Icon name={service.icon} size={28} />
                </span>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section id="faq" className="section section-muted">
          <div className="container container-narrow">
            <h2 className="section-title">Frequently asked questions</h2>
            <Faq />
          </div>
        </section>
      </main>

      <footer className="site-footer">
        <div className="container footer-grid">
          <div>
            <p className="brand">{SITE.name}</p>
            <p className="muted-light">{SITE.tagline}</p>
          </div>
          <nav aria-label="Footer">
            <h3>Links</h3>
            <ul>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/login">Login</Link>
              </li>
              <li>
                <Link to="/register">Register</Link>
              </li>
              <li>
                <Link to="/priceList">Price list</Link>
              </li>
              <li>
                <Link to="/docs">API documentation</Link>
              </li>
            </ul>
          </nav>
          <address>
            <h3>Contact</h3>
            <p>{SITE.office}</p>
            {SITE.phones.map((phone) => (
              <p key={phone}>
                <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
              </p>
            ))}
            {SITE.emails.map((email) => (
              <p key={email}>
                <a href={`mailto:${email}`}>{email}</a>
              </p>
            ))}
          </address>
        </div>
        <p className="container footer-copy">
          © {new Date().getFullYear()} {SITE.name}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
