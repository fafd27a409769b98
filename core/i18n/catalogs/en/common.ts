import type { Messages } from '../ru/index.ts';

type Common = Omit<
  Messages,
  | 'alerts'
  | 'auctions'
  | 'catalogue'
  | 'crm'
  | 'currency'
  | 'forms'
  | 'insolation'
  | 'homeBlocks'
  | 'offices'
  | 'purchase'
  | 'reservations'
  | 'search'
  | 'promo'
  | 'news'
  | 'publications'
  | 'stories'
  | 'benefits'
  | 'figures'
  | 'collections'
  | 'landings'
  | 'cooperation'
>;

const common: Common = {
  meta: {
    siteName: 'Severnaya Liniya',
    defaultDescription: 'Flats, parking spaces, storage rooms and commercial premises from the developer in Moscow.',
  },
  nav: {
    skipToContent: 'Skip to content',
    mainMenu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'Home',
    breadcrumbs: 'Breadcrumbs',
    submenu: '{title} submenu',
    purchasing: 'Ways to buy',
    mortgage: 'Mortgage',
  },
  header: {
    contact: 'Contact us',
    callUs: 'Call: {phone}',
    logoLabel: '{company} — home page',
    favourites: 'Favourites',
    favouritesCount: 'Favourites: {count}',
  },
  language: {
    label: 'Language',
    current: 'Site language: {name}',
    switchTo: 'Switch to: {name}',
  },
  contact: {
    title: 'Get in touch',
    intro: 'Choose what suits you — an English-speaking manager will reply within an hour during office hours.',
    call: 'Call us',
    callHint: 'Call the sales office — we answer right away',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Message us in the app',
    telegram: 'Telegram',
    telegramHint: 'Message us on Telegram',
    wechat: 'WeChat',
    wechatHint: 'Add us on WeChat by our ID',
    speaks: 'Our managers speak {languages}.',
    languageNames: { ru: 'Russian', en: 'English', zh: 'Chinese' },
    email: 'E-mail',
    emailHint: 'We reply within one business day',
    close: 'Close',
    hours: 'Calls and messages: {hours}',
    office: 'Head office: {address}',
  },
  footer: {
    documents: 'Documents',
    disclosure: 'Information disclosure',
    legal: 'Legal information',
    privacy: 'Personal data processing policy',
    dataRecipients: 'Persons to whom personal data may be transferred',
    copyright: '© {year} {company}. All rights reserved.',
    notOffer: 'The information on this website is for reference only and is not a public offer.',
    socials: 'Follow us',
    app: 'Residents’ app',
    appStore: 'App Store',
    googlePlay: 'Google Play',
  },
  error: {
    address: 'Requested address: {path}',
    title404: 'Page not found',
    description404: 'This page is still under construction. Go to the home page or choose premises.',
    title500: 'A server error occurred',
    description500: 'Please try reloading the page.',
    title502: 'The site will be back soon',
    description502: 'Maintenance is in progress. Please reload the page in a few minutes.',
    titleOther: 'An error occurred',
    descriptionOther: 'Please try reloading the page.',
    title413: 'Too much data',
    description413: 'This form accepts only short text. Please shorten it and send it again.',
    titleCsrf: 'Please send the form again',
    descriptionCsrf:
      'Your browser did not say which page the form came from, and it did not have our protection cookie yet. It has it now: press the button and the form is sent with the same data.',
    sendAgain: 'Send again',
    title503: 'The site is busy',
    description503: 'There are too many requests right now. Please reload the page in a few seconds.',
    code: 'Error {status}',
    support: 'Support',
    openFilter: 'Choose premises',
    goHome: 'Go to the home page',
    reload: 'Reload the page',
    newTab: '(opens in a new tab)',
  },
  home: {
    /** The hero's main button: the wordings of experiment home-hero-cta (core/flags/features.ts). */
    heroCta: { find: 'Find a flat', project: 'Choose a project' },
    projectsTitle: 'Our projects',
    allProjects: 'All projects',
    contactCta: 'Get advice',
    advantagesTitle: 'Why buyers choose us',
    indicatorsTitle: 'Key figures',
    showMore: 'Show all',
    showLess: 'Show less',
    projectsCta: 'View projects',
    presentationCta: 'Download the presentation',
  },
  page: {
    goToPage: 'Go to page',
    updated: 'Updated {date}',
  },
  routes: {
    projects: 'Projects',
    project: 'Project {id}',
    building: 'Building {id}',
    section: 'Section {id}',
    floor: 'Floor {id}',
    sharedProject: 'Shared project {id}',
    lot: '{type} No. {number}',
    filter: 'Find premises',
    seoFilter: 'Collection',
    selection: 'Selection',
    promo: 'Promotions',
    news: 'News',
    contacts: 'Contacts',
    icons: 'Icons',
    uiKit: 'UI kit',
  },
  uiKit: {
    intro: 'The basic interface elements of the site in every state.',
    buttons: 'Buttons',
    primary: 'Primary',
    secondary: 'Secondary',
    ghost: 'Ghost',
    disabled: 'Disabled',
    loading: 'Loading…',
    inputs: 'Inputs',
    name: 'Name',
    namePlaceholder: 'How should we address you',
    phone: 'Phone',
    email: 'E-mail',
    required: 'Obligatory field',
    invalidExample: 'Use letters only, please',
    checkboxes: 'Checkboxes',
    consent: 'I consent to the processing of my personal data',
    newsletter: 'Send me news and offers',
    modals: 'Modals',
    openModal: 'Open a modal',
    modalTitle: 'Example modal',
    modalText: 'It closes with Esc, the button or a click outside; focus stays inside.',
    typography: 'Typography',
    colours: 'Colours',
    sample: 'The quick brown fox jumps over the lazy dog',
  },
  analytics: {
    notice: {
      label: 'Cookie notice',
      text: 'We use cookies and visitor counters to learn what makes the site useful and to improve it.',
      optIn: 'With your consent we use cookies and visitor counters to learn what makes the site useful and to improve it.',
      policy: 'Personal data processing policy',
      ok: 'OK',
      accept: 'Accept',
      decline: 'Decline',
    },
  },
  icons: { intro: 'Every icon of the site’s sprite with its name.' },
};
export default common;
