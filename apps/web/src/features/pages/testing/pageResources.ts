import type { Resource } from 'i18next';
import enAbout from '../../../../public/locales/en/about.json';
import enCommon from '../../../../public/locales/en/common.json';
import enContact from '../../../../public/locales/en/contact.json';
import enHelp from '../../../../public/locales/en/help.json';
import enHome from '../../../../public/locales/en/home.json';
import enLegal from '../../../../public/locales/en/legal.json';
import enServices from '../../../../public/locales/en/services.json';
import enVnpay from '../../../../public/locales/en/vnpay.json';
import viAbout from '../../../../public/locales/vi/about.json';
import viCommon from '../../../../public/locales/vi/common.json';
import viContact from '../../../../public/locales/vi/contact.json';
import viHelp from '../../../../public/locales/vi/help.json';
import viHome from '../../../../public/locales/vi/home.json';
import viLegal from '../../../../public/locales/vi/legal.json';
import viServices from '../../../../public/locales/vi/services.json';
import viVnpay from '../../../../public/locales/vi/vnpay.json';

/** The namespaces the content pages read (`common` for the office addresses), straight from the files. */
export const pageResources: Resource = {
  en: {
    common: enCommon,
    home: enHome,
    about: enAbout,
    legal: enLegal,
    help: enHelp,
    services: enServices,
    vnpay: enVnpay,
    contact: enContact,
  },
  vi: {
    common: viCommon,
    home: viHome,
    about: viAbout,
    legal: viLegal,
    help: viHelp,
    services: viServices,
    vnpay: viVnpay,
    contact: viContact,
  },
};
