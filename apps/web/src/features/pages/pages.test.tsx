import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about/AboutPage';
import { ContactPage } from './contact/ContactPage';
import { HelpCenterPage } from './help/HelpCenterPage';
import { HomePage } from './home/HomePage';
import { HomeSections } from './home/HomeSections';
import { OwnershipIpPage } from './ownership-ip/OwnershipIpPage';
import { PrivacyPolicyPage } from './privacy/PrivacyPolicyPage';
import { PurchasesRefundsPage } from './purchases-refunds/PurchasesRefundsPage';
import { ServiceUsagePolicyPage } from './service-usage/ServiceUsagePolicyPage';
import { ServicesPage } from './services/ServicesPage';
import { ShippingInspectionPage } from './shipping-inspection/ShippingInspectionPage';
import { TermsOfUsePage } from './terms/TermsOfUsePage';
import { renderPage } from './testing/renderPage';
import { VnpayInstructionsPage } from './vnpay-instructions/VnpayInstructionsPage';

const formSlot = <form aria-label="Contact form stand-in" />;

const pages: { name: string; element: ReactElement; h1: { en: string; vi: string } }[] = [
  {
    name: 'home',
    element: <HomePage sections={<HomeSections />} />,
    h1: {
      en: 'Your AI studio, in English and Vietnamese',
      vi: 'Studio AI của bạn, bằng tiếng Việt và tiếng Anh',
    },
  },
  {
    name: 'about',
    element: <AboutPage contactForm={formSlot} />,
    h1: { en: 'About AI Studio', vi: 'Về AI Studio' },
  },
  {
    name: 'privacy',
    element: <PrivacyPolicyPage />,
    h1: { en: 'Privacy policy', vi: 'Chính sách quyền riêng tư' },
  },
  {
    name: 'terms',
    element: <TermsOfUsePage />,
    h1: { en: 'Terms of use', vi: 'Điều khoản sử dụng' },
  },
  {
    name: 'service usage',
    element: <ServiceUsagePolicyPage />,
    h1: { en: 'Service usage policy', vi: 'Chính sách sử dụng dịch vụ' },
  },
  {
    name: 'purchases and refunds',
    element: <PurchasesRefundsPage />,
    h1: { en: 'Purchases and refunds', vi: 'Mua hàng và hoàn tiền' },
  },
  {
    name: 'ownership and IP',
    element: <OwnershipIpPage />,
    h1: { en: 'Ownership and intellectual property', vi: 'Quyền sở hữu và sở hữu trí tuệ' },
  },
  {
    name: 'shipping and inspection',
    element: <ShippingInspectionPage />,
    h1: { en: 'Shipping and inspection', vi: 'Bàn giao và kiểm tra dịch vụ' },
  },
  {
    name: 'help',
    element: <HelpCenterPage />,
    h1: { en: 'Help Center', vi: 'Trung tâm trợ giúp' },
  },
  {
    name: 'services',
    element: <ServicesPage />,
    h1: { en: 'Our services', vi: 'Dịch vụ của chúng tôi' },
  },
  {
    name: 'VNPay instructions',
    element: <VnpayInstructionsPage />,
    h1: { en: 'How to pay with VNPay', vi: 'Hướng dẫn thanh toán qua VNPay' },
  },
  {
    name: 'contact',
    element: <ContactPage contactForm={formSlot} />,
    h1: { en: 'Contact us', vi: 'Liên hệ với chúng tôi' },
  },
];

describe.each(['en', 'vi'] as const)('content pages in %s', (language) => {
  it.each(pages)('$name renders its one h1 and fully rendered text', ({ element, h1 }) => {
    const { container, missingKeys } = renderPage(element, { language });
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(h1[language]);
    expect(missingKeys).toEqual([]);
    // Neither an unrendered inline tag nor an unfilled placeholder may reach the reader.
    expect(container.textContent).not.toMatch(/<\/?[a-z]+>|\{\{/);
  });
});

describe('pages with a contact form slot', () => {
  it('about-us shows the form under "Write to us"', () => {
    renderPage(<AboutPage contactForm={formSlot} />);
    const section = screen.getByRole('region', { name: 'Write to us' });
    expect(within(section).getByRole('form', { name: 'Contact form stand-in' })).toBeVisible();
  });

  it('contact shows the form, the support address and both offices', () => {
    renderPage(<ContactPage contactForm={formSlot} />, { language: 'vi' });
    const section = screen.getByRole('region', { name: 'Gửi tin nhắn cho chúng tôi' });
    expect(within(section).getByRole('form')).toBeVisible();
    expect(screen.getByRole('link', { name: 'support@aistudio.example' })).toHaveAttribute(
      'href',
      'mailto:support@aistudio.example',
    );
    const offices = screen.getByRole('region', { name: 'Văn phòng của chúng tôi' });
    expect(within(offices).getByText(/Lê Duẩn/)).toBeVisible();
    expect(within(offices).getByText(/Robinson Road/)).toBeVisible();
  });
});

describe('home page', () => {
  it('marks all nine tools available, none coming soon', () => {
    renderPage(<HomePage sections={<HomeSections />} />);
    const tools = screen.getByRole('region', { name: 'Tools in the studio' });
    expect(within(tools).getAllByText('Available now')).toHaveLength(9);
    expect(within(tools).queryByText('Coming soon')).toBeNull();
    expect(within(tools).getByRole('link', { name: 'Open Content writer' })).toHaveAttribute(
      'href',
      '/content-writer',
    );
    expect(within(tools).getByRole('link', { name: 'Open Office tools' })).toHaveAttribute(
      'href',
      '/office-tools',
    );
    expect(within(tools).getByRole('link', { name: 'Open Imagen' })).toHaveAttribute(
      'href',
      '/imagen',
    );
    expect(within(tools).getByRole('link', { name: 'Open Vision' })).toHaveAttribute(
      'href',
      '/vision',
    );
  });

  it('quotes the Pro price in US dollars in English', () => {
    renderPage(<HomePage sections={<HomeSections />} />);
    const plans = screen.getByRole('region', { name: 'Plans' });
    expect(within(plans).getByText('$19.99')).toBeVisible();
    expect(within(plans).getByText(/Paying with VNPay instead: 578\.000\s₫ a month/)).toBeVisible();
  });

  it('quotes the Pro price in dong in Vietnamese', () => {
    renderPage(<HomePage sections={<HomeSections />} />, { language: 'vi' });
    const plans = screen.getByRole('region', { name: 'Các gói dịch vụ' });
    expect(within(plans).getByText(/^578\.000\s₫$/)).toBeVisible();
    expect(within(plans).getByText(/qua PayPal: \$19\.99 mỗi tháng/)).toBeVisible();
  });
});

describe('legal pages', () => {
  it('link every table-of-contents entry to a section of the page', () => {
    const { container } = renderPage(<PrivacyPolicyPage />);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(container.querySelector(`[id="${id}"]`)).not.toBeNull();
    }
  });

  it('show the effective date in the reader’s language', () => {
    renderPage(<TermsOfUsePage />);
    expect(screen.getByText('November 1, 2026')).toHaveAttribute('datetime', '2026-11-01');
    renderPage(<TermsOfUsePage />, { language: 'vi' });
    expect(screen.getByText(/01\/11\/2026/)).toBeVisible();
  });
});
