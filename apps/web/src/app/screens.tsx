// Which component each route of the table shows. Every screen is its own chunk, loaded by the
// router's route `lazy` when its route is first visited (route-objects.tsx), so the first load
// carries the shell and the screen asked for, not the whole app (ADR 024: the dashboard's first
// load stays under 200 KB gzip). The router loads a screen's code and texts before it shows the
// route, with no Suspense fallback and so no reveal delay (ADR 049, ADR 103). Routes without an
// entry show the honest "not built yet" page; the catch-all is handled by the route screen itself.
import type { RouteDefinition } from '@countersign/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/session/session-provider.js';
import type { i18n as I18n } from 'i18next';
import { whenI18nReady } from '../features/i18n/i18n.js';
import type { LocaleArea } from '../features/i18n/i18n.js';
import { NotFoundPage } from '../pages/errors/not-found-page.js';
import { NotBuiltPage } from '../pages/system/not-built-page.js';

export type Screen = ComponentType<{ route: RouteDefinition }>;

/** A screen whose code and texts load on demand; `load` resolves once both are in. */
export interface ScreenCode {
  load(i18n: I18n): Promise<Screen>;
}

/**
 * A screen from a module loaded on demand; `name` is the export that holds the component, `area`
 * the texts it needs beyond the core ones (loaded for the active locale before it shows).
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  area?: LocaleArea | readonly LocaleArea[],
): ScreenCode {
  const areas: readonly LocaleArea[] = area === undefined ? [] : typeof area === 'string' ? [area] : area;
  return {
    // the code and the texts load side by side; the texts once the active locale is known
    async load(i18n) {
      const [module] = await Promise.all([
        load(),
        whenI18nReady(i18n).then(() => i18n.loadNamespaces([...areas])),
      ]);
      const Component = module[name] as Screen;
      /** The screen; a later change of language loads its texts anew (the route's Suspense). */
      return function Loaded(props: { route: RouteDefinition }) {
        useTranslation(areas.length > 0 ? [...areas] : undefined);
        return <Component {...props} />;
      };
    },
  };
}

const dashboard = page(() => import('../pages/dashboard/dashboard-page.js'), 'DashboardPage');
const messagePages = () => import('../pages/system/message-pages.js');
const legalPages = () => import('../pages/system/legal-pages.js');
const signOutcomePages = () => import('../pages/sign/outcome-pages.js');
const identPages = () => import('../pages/direct-ident/identification-pages.js');
// the sign views and the link holder's identification screens show both areas' texts
const identAreas = ['ident', 'sign'] as const;
const chooseMethod = page(identPages, 'ChooseMethodPage', identAreas);
const startMethod = page(identPages, 'StartMethodPage', identAreas);

// the account holder's signature-standards screens speak in the identification texts
const standardsAreas = ['profile', ...identAreas] as const;
const standardsPages = () => import('../pages/profile/standards/legislation-pages.js');
const standardsMethodPages = () => import('../pages/profile/standards/method-pages.js');
const legislationMethods = page(standardsPages, 'LegislationMethodsPage', standardsAreas);
const standardsMethod = page(standardsMethodPages, 'MethodPage', standardsAreas);

const eidPlusPages = () => import('../pages/eid/eidplus-pages.js');
const idAustriaPages = () => import('../pages/eid/id-austria-pages.js');

const businessPages = () => import('../pages/business/console-pages.js');
const businessSignupPages = () => import('../pages/business-signup/business-signup-pages.js');
// the sign-up asks for the business in the registration's words
const businessSignupAreas = ['billing', 'business'] as const;
const billingPages = () => import('../pages/billing/billing-pages.js');
// the console's frame and notices speak in the business texts
const billingAreas = businessSignupAreas;
const draftInvite = page(() => import('../pages/upload/invite-page.js'), 'InvitePage', 'send');
const businessInvitation = page(
  () => import('../pages/business/invitation-page.js'),
  'InvitationPage',
  'business',
);

/**
 * /invite/{id}: for members the request editor (spec 2's member route); the mail of a business
 * invitation links there too, and shows an individual user the invitation to accept (a visitor,
 * who it is from and how to sign up or log in). Who is asking is known only once the session is,
 * so both screens load.
 */
const inviteScreen: ScreenCode = {
  async load(i18n) {
    const [Draft, Invitation] = await Promise.all([draftInvite.load(i18n), businessInvitation.load(i18n)]);
    return function InviteScreen(props: { route: RouteDefinition }) {
      const { role } = useSession();
      const Shown = role === 'user' || role === 'unauthenticated' ? Invitation : Draft;
      return <Shown {...props} />;
    };
  },
};

const screens: Record<string, ScreenCode> = {
  '/': dashboard,
  '/dashboard': dashboard,
  '/login': page(() => import('../pages/auth/login-page.js'), 'LoginPage'),
  '/logout': page(() => import('../pages/auth/logout-page.js'), 'LogoutPage'),
  '/signup': page(() => import('../pages/auth/signup-page.js'), 'SignupPage'),
  '/signup/mail-sent': page(() => import('../pages/auth/signup-mail-sent-page.js'), 'SignupMailSentPage'),
  '/signup/confirm': page(() => import('../pages/auth/signup-confirm-page.js'), 'SignupConfirmPage'),
  '/signup/sso': page(() => import('../pages/sso/sso-setup-page.js'), 'SsoSetupPage'),
  '/signup/steps': page(() => import('../pages/signup-steps/signup-steps-page.js'), 'SignupStepsPage', [
    'profile',
    'ident',
  ]),
  '/signup/flows/eidplus/new': page(eidPlusPages, 'EidPlusNewPage'),
  '/signup/flows/eidplus/confirm': page(eidPlusPages, 'EidPlusConfirmPage'),
  '/profile/signature-standards/id-austria-success': page(idAustriaPages, 'IdAustriaSuccessPage', identAreas),
  '/direct-sign/identification/id-austria-success': page(
    idAustriaPages,
    'DirectIdAustriaSuccessPage',
    identAreas,
  ),
  '/sso/error': page(() => import('../pages/sso/sso-error-page.js'), 'SsoErrorPage'),
  '/sso/error/company': page(() => import('../pages/sso/sso-error-page.js'), 'SsoCompanyErrorPage'),
  '/password-reset': page(() => import('../pages/password-reset/request-reset-page.js'), 'RequestResetPage'),
  '/password-reset/mail-sent': page(
    () => import('../pages/password-reset/reset-mail-sent-page.js'),
    'ResetMailSentPage',
  ),
  '/password-reset/new': page(
    () => import('../pages/password-reset/new-password-page.js'),
    'NewPasswordPage',
  ),
  '/password-reset/confirm': page(
    () => import('../pages/password-reset/reset-confirm-page.js'),
    'ResetConfirmPage',
  ),
  '/profile': page(() => import('../pages/profile/profile-page.js'), 'ProfilePage', 'profile'),
  '/profile/settings': page(() => import('../pages/profile/settings-page.js'), 'SettingsPage', 'profile'),
  '/profile/visual-signature': page(
    () => import('../pages/profile/visual-signature-page.js'),
    'VisualSignaturePage',
    'profile',
  ),
  '/profile/confirm': page(() => import('../pages/profile/confirm-page.js'), 'ConfirmPage', 'profile'),
  '/profile/change-password': page(
    () => import('../pages/profile/change-password-page.js'),
    'ChangePasswordPage',
  ),
  '/profile/signature-standards': page(
    () => import('../pages/profile/signature-standards-page.js'),
    'SignatureStandardsPage',
    ['profile', 'ident'],
  ),
  '/profile/signature-standards/update': page(standardsPages, 'UpdatePage', standardsAreas),
  '/profile/signature-standards/legislation': page(standardsPages, 'LegislationPage', standardsAreas),
  '/profile/signature-standards/eidas': legislationMethods,
  '/profile/signature-standards/zertes': legislationMethods,
  '/profile/signature-standards/eidas/self': standardsMethod,
  '/profile/signature-standards/eidas/video': standardsMethod,
  '/profile/signature-standards/zertes/auto': standardsMethod,
  '/profile/signature-standards/zertes/video': standardsMethod,
  '/profile/signature-standards/zertes/personal-details': page(
    standardsMethodPages,
    'PersonalDetailsPage',
    standardsAreas,
  ),
  '/profile/signature-standards/mobile-id': page(
    () => import('../pages/profile/standards/mobile-id-page.js'),
    'MobileIdPage',
    standardsAreas,
  ),
  '/upload': page(() => import('../pages/upload/upload-page.js'), 'UploadPage', 'send'),
  '/templates': page(() => import('../pages/templates/templates-page.js'), 'TemplatesPage', 'send'),
  '/sendto/:id': page(() => import('../pages/upload/sendto-page.js'), 'SendtoPage', 'send'),
  '/invite/:id': inviteScreen,
  // the public business sign-up, its three steps in one chunk
  '/business/signup': page(businessSignupPages, 'BusinessSignupPage', businessSignupAreas),
  '/business/signup/steps': page(businessSignupPages, 'BusinessSignupStepsPage', businessSignupAreas),
  '/business/signup/mail-sent': page(businessSignupPages, 'BusinessSignupMailSentPage', businessSignupAreas),
  // the business console, one chunk for its screens, loaded when an admin first opens one
  '/business/register': page(
    () => import('../pages/business/register-page.js'),
    'RegisterBusinessPage',
    'business',
  ),
  '/business/welcome': page(businessPages, 'BusinessWelcomePage', 'business'),
  '/business/dashboard': page(businessPages, 'BusinessDashboardPage', 'business'),
  '/business/profile': page(businessPages, 'BusinessProfilePage', 'business'),
  '/business/members': page(businessPages, 'MembersPage', 'business'),
  '/business/members/domains': page(businessPages, 'DomainsPage', 'business'),
  '/business/settings': page(businessPages, 'BusinessSettingsPage', 'business'),
  '/business/seals': page(businessPages, 'SealsPage', 'business'),
  '/business/seals/:accountname': page(businessPages, 'SealPage', 'business'),
  '/business/developers/api': page(businessPages, 'ApiUsersPage', 'business'),
  '/business/members/signer-groups': page(businessPages, 'SignerGroupsPage', 'business'),
  '/business/activity': page(businessPages, 'ActivityPage', 'business'),
  '/business/profile/aes-for-business': page(businessPages, 'AesForBusinessPage', 'business'),
  // plans and billing, one chunk for their screens
  '/upgrade': page(billingPages, 'UpgradePage', billingAreas),
  '/business/upgrade': page(billingPages, 'BusinessUpgradePage', billingAreas),
  '/business/billing/plan': page(billingPages, 'BillingPlanPage', billingAreas),
  '/business/extras': page(billingPages, 'ExtrasPage', billingAreas),
  '/maintenance': page(() => import('../pages/system/maintenance-page.js'), 'MaintenancePage'),
  '/terms': page(legalPages, 'TermsPage'),
  '/privacy': page(legalPages, 'PrivacyPage'),
  '/verify': page(() => import('../pages/verify/verify-page.js'), 'VerifyPage', 'verify'),
  '/sorry': page(() => import('../pages/errors/sorry-page.js'), 'SorryPage'),
  '/bye': page(messagePages, 'ByePage'),
  '/expired': page(messagePages, 'ExpiredPage'),
  '/cookiesblocked': page(messagePages, 'CookiesBlockedPage'),
  // the views also tell a signer who must identify first (ident texts, ADR 025)
  // a signer may make a new visual signature there (profile texts)
  '/view/:srid': page(() => import('../pages/sign/view-page.js'), 'ViewPage', [...identAreas, 'profile']),
  '/view/:id/:userid': page(() => import('../pages/sign/direct-view-page.js'), 'DirectViewPage', [
    ...identAreas,
    'profile',
  ]),
  '/embed/sign/:id/:userid': page(
    () => import('../pages/sign/embedded-signing-page.js'),
    'EmbeddedSigningPage',
    [...identAreas, 'profile'],
  ),
  '/direct-sign/identification/eidas': chooseMethod,
  '/direct-sign/identification/zertes': chooseMethod,
  '/direct-sign/identification/eidas/self': startMethod,
  '/direct-sign/identification/eidas/video': startMethod,
  '/direct-sign/identification/zertes/auto': startMethod,
  '/direct-sign/identification/zertes/video': startMethod,
  '/direct-sign/identification/zertes/personal-details': page(identPages, 'PersonalDetailsPage', identAreas),
  '/direct-sign/identification/:id/:userid': page(
    () => import('../pages/direct-ident/identification-status-page.js'),
    'IdentificationStatusPage',
    identAreas,
  ),
  '/direct-sign/identification/:id/:userid/preview': page(
    () => import('../pages/direct-ident/identification-preview-page.js'),
    'IdentificationPreviewPage',
    identAreas,
  ),
  '/mab/redirect': page(() => import('../pages/sign/mab-redirect-page.js'), 'MabRedirectPage', 'sign'),
  '/signed': page(signOutcomePages, 'SignedPage', 'sign'),
  '/declined': page(signOutcomePages, 'DeclinedPage', 'sign'),
  '/not-available': page(signOutcomePages, 'NotAvailablePage', 'sign'),
  '/welcome': page(signOutcomePages, 'WelcomePage', 'sign'),
};

/** The code of the screen at `path`, when it is loaded on demand. */
export function screenCodeFor(path: string): ScreenCode | undefined {
  return screens[path];
}

/** What a route without code on demand shows: the 404 page for the catch-all, else "not built". */
export function staticScreenFor(path: string): Screen {
  return path === '*' ? NotFoundPage : NotBuiltPage;
}
