// The screens of the business console, gathered so that one chunk carries them all: an admin who
// opens one is likely to open the others next.
export { ActivityPage } from './activity-page.js';
export { AesForBusinessPage } from './aes-for-business-page.js';
export { ApiUsersPage } from './api-users-page.js';
export { BusinessDashboardPage } from './dashboard-page.js';
export { DomainsPage } from './domains-page.js';
export { MembersPage } from './members-page.js';
export { BusinessProfilePage } from './profile-page.js';
export { SealPage } from './seal-page.js';
export { SealsPage } from './seals-page.js';
export { BusinessSettingsPage } from './settings-page.js';
export { SignerGroupsPage } from './signer-groups-page.js';
export { BusinessWelcomePage } from './welcome-page.js';
