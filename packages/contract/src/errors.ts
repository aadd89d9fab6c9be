// The error catalogue: every stable problem `code` the API can answer, with its HTTP status, the
// web app's message key (a translation key of apps/web) and a short description for developers.
// The server takes its statuses from here, the web app its messages, and the OpenAPI document its
// list of codes, so the three cannot drift. A new code is added here first; `AppError` accepts
// nothing else.

export interface ErrorEntry {
  status: number;
  /** translation key of the web app's message for a person */
  messageKey: string;
  /** what the code means, for developers (shown in the OpenAPI document) */
  description: string;
}

const entry = (status: number, messageKey: string, description: string): ErrorEntry => ({
  status,
  messageKey,
  description,
});

const generic = 'apiErrors.generic';
const notFound = 'apiErrors.notFound';
const validation = 'apiErrors.validation';
const invalidFile = 'apiErrors.invalidFile';
const requestChanged = 'apiErrors.requestChanged';

export const errorCatalogue = {
  // the request itself
  'request.validation_failed': entry(
    400,
    validation,
    'A parameter, query or body field is invalid; `errors` lists each field path (snake_case) with its reason.',
  ),
  'request.malformed_body': entry(
    400,
    validation,
    'The body cannot be read (not JSON, empty, or a wrong Content-Length).',
  ),
  'request.malformed_multipart': entry(
    400,
    validation,
    'The multipart body is malformed (bad part headers, or it ends early).',
  ),
  'request.body_too_large': entry(
    413,
    'apiErrors.fileTooLarge',
    'The body is larger than the server accepts.',
  ),
  'request.unsupported_media_type': entry(
    415,
    generic,
    'The Content-Type is not one this call accepts (JSON, or multipart/form-data for uploads).',
  ),
  'route.not_found': entry(404, notFound, 'No route for this method and path.'),
  'sandbox.forbidden': entry(
    403,
    generic,
    'The sandbox pages answer only on the machine that runs the server unless SANDBOX_ACCESS=anyone.',
  ),
  'metrics.forbidden': entry(
    403,
    generic,
    'The metrics answer clients on the machine that runs the server, and others only with the Bearer METRICS_TOKEN.',
  ),
  'rate_limit.exceeded': entry(
    429,
    'apiErrors.tooManyRequests',
    'Too many attempts; `retry_after_seconds` and the Retry-After header say when to try again.',
  ),
  'service.unavailable': entry(
    503,
    'apiErrors.unavailable',
    'The service cannot answer now; try again later.',
  ),
  internal: entry(
    500,
    generic,
    'An unexpected failure on our side; it has been logged. Nothing about it is revealed.',
  ),

  // sessions, accounts and their e-mailed links
  'auth.required': entry(
    401,
    generic,
    'The call needs a session token (Authorization: Bearer) or a link token, and none was sent.',
  ),
  'auth.invalid_token': entry(401, generic, 'The session token is unknown, expired or revoked.'),
  'auth.invalid_api_credentials': entry(
    401,
    generic,
    'HTTP Basic credentials that name no API user, or the wrong secret (it may have been reset).',
  ),
  'auth.invalid_credentials': entry(
    401,
    'apiErrors.invalidCredentials',
    'The e-mail address or password is wrong.',
  ),
  'auth.wrong_password': entry(
    403,
    'apiErrors.wrongPassword',
    'The current password given to confirm a change is wrong.',
  ),
  'auth.email_not_confirmed': entry(
    403,
    'apiErrors.emailNotConfirmed',
    'The account exists but its e-mail address is not confirmed yet.',
  ),
  'auth.token_invalid': entry(
    400,
    'apiErrors.tokenInvalid',
    'A confirmation or reset token that was never issued.',
  ),
  'auth.token_expired': entry(
    410,
    'apiErrors.tokenExpired',
    'A confirmation or reset token past its validity.',
  ),
  'auth.token_used': entry(
    410,
    'apiErrors.tokenUsed',
    'A confirmation or reset token that has already been used.',
  ),
  // single sign-on through OpenID Connect (ADR 075)
  'sso.domain_not_verified': entry(
    404,
    'apiErrors.ssoDomainNotVerified',
    "No business has proved the domain of this address, or the address the provider vouched for is not on one of the business's proved domains.",
  ),
  'sso.not_configured': entry(
    404,
    'apiErrors.ssoNotConfigured',
    'The business of this address (or the named provider) has no single sign-on set up.',
  ),
  'sso.flow_invalid': entry(
    400,
    'apiErrors.ssoFlowInvalid',
    'The state of the sign-in is unknown, used already or expired: start the sign-in again.',
  ),
  'sso.token_invalid': entry(
    400,
    'apiErrors.ssoTokenInvalid',
    "The provider's answer failed its checks: foreign issuer or audience, wrong nonce, expired or unsigned ID token, or a code that was already used.",
  ),
  'sso.provider_refused': entry(
    400,
    'apiErrors.ssoProviderRefused',
    'The identity provider answered with an error (the person cancelled, or the provider refused the client).',
  ),
  'sso.provider_unavailable': entry(
    503,
    'apiErrors.ssoProviderUnavailable',
    'The identity provider did not answer in time or answered in error; try again later.',
  ),
  'sso.email_not_verified': entry(
    403,
    'apiErrors.ssoEmailNotVerified',
    'The identity provider does not vouch for the e-mail address (no verified e-mail claim).',
  ),
  'sso.member_of_another': entry(
    409,
    'apiErrors.ssoMemberOfAnother',
    "The account belongs to another business, so it cannot sign in through this business's provider.",
  ),
  'sso.link_invalid': entry(
    400,
    'apiErrors.ssoLinkInvalid',
    'The link of an SSO identity to an existing account is unknown, used or expired: sign in again.',
  ),
  'sso.required': entry(
    403,
    'apiErrors.ssoRequired',
    "The account's business requires single sign-on: sign in through its identity provider, not with a password.",
  ),
  'sso.issuer_invalid': entry(
    422,
    'apiErrors.ssoIssuerInvalid',
    'The issuer is not an https:// URL (http:// only for the sandbox provider outside production).',
  ),
  // SCIM 2.0 provisioning (ADR 084): answered in SCIM's error schema, to a provider, not a person
  'scim.unauthorized': entry(
    401,
    generic,
    "The SCIM bearer token is missing, unknown or revoked: the business's admins create or rotate it.",
  ),
  'scim.not_found': entry(404, notFound, 'No person of this business has this SCIM id.'),
  'scim.invalid_filter': entry(
    400,
    validation,
    'The filter is not understood: only `userName eq "address"` is (SCIM scimType invalidFilter).',
  ),
  'scim.invalid_value': entry(
    400,
    validation,
    "A SCIM attribute, path or body is invalid, or the userName is not an address on one of the business's proved domains (SCIM scimType invalidValue, invalidPath or invalidSyntax).",
  ),
  'scim.uniqueness': entry(
    409,
    validation,
    'The userName is a member of this business already, or its account belongs to another business (SCIM scimType uniqueness).',
  ),
  'scim.mutability': entry(
    400,
    validation,
    'The userName (the e-mail address) of a provisioned person cannot be changed (SCIM scimType mutability).',
  ),
  // national eIDs: eID+ sign-up and ID Austria (ADR 083)
  'eid.claims_missing': entry(
    400,
    'apiErrors.eidClaimsMissing',
    'The eID provider did not vouch for a first name, a last name and a birth date (YYYY-MM-DD).',
  ),
  'eid.address_taken': entry(
    409,
    'apiErrors.eidAddressTaken',
    'An account with this e-mail address exists: sign in to it and connect the eID from the profile instead.',
  ),
  'eid.identity_taken': entry(
    409,
    'apiErrors.eidIdentityTaken',
    'This eID is connected to another account already.',
  ),
  'eid.not_connected': entry(
    404,
    'apiErrors.eidNotConnected',
    'No eID of this kind is connected to the account (ADR 106).',
  ),
  'eid.last_way_in': entry(
    409,
    'apiErrors.eidLastWayIn',
    'The eID is the only way into the account: set a password (password reset) before disconnecting it (ADR 106).',
  ),
  'user.eid_field_immutable': entry(
    422,
    'apiErrors.eidFieldImmutable',
    'The field came from an eID (`attributes.immutable_eid_fields`) and cannot be changed; `errors` names it.',
  ),
  'password.too_short': entry(
    422,
    'passwordPolicy.codes.too_short',
    'The password is shorter than the policy allows.',
  ),
  'password.too_long': entry(
    422,
    'passwordPolicy.codes.too_long',
    'The password is longer than the policy allows.',
  ),
  'password.too_common': entry(
    422,
    'passwordPolicy.codes.too_common',
    'The password is on the list of common passwords.',
  ),
  'password.contains_email': entry(
    422,
    'passwordPolicy.codes.contains_email',
    'The password contains the e-mail address.',
  ),
  'password.repetitive': entry(
    422,
    'passwordPolicy.codes.repetitive',
    'The password is one character repeated.',
  ),
  'password.unchanged': entry(422, 'apiErrors.passwordUnchanged', 'The new password is the current one.'),

  // signature requests and what they hold
  'signature_request.not_found': entry(
    404,
    'apiErrors.requestNotFound',
    "No such signature request for this caller (another account's request answers this too).",
  ),
  'signature_request.forbidden': entry(
    403,
    'apiErrors.requestForbidden',
    'The caller takes part in the request but may not do this.',
  ),
  'signature_request.invalid_transition': entry(
    409,
    requestChanged,
    "The request's state does not allow this (already sent, signed, declined, withdrawn or expired).",
  ),
  'signature_request.conflict': entry(
    409,
    requestChanged,
    'The request changed while this call was made; read it again.',
  ),
  'signature_request.locked': entry(
    409,
    requestChanged,
    'A document of the request is being signed by someone else right now; try again shortly.',
  ),
  'signature_request.duplicate_signer': entry(
    409,
    'apiErrors.alreadyTakesPart',
    'This person already takes part in the request.',
  ),
  'signature_request.no_documents': entry(409, generic, 'The request cannot be sent without a document.'),
  'signature_request.no_signers': entry(409, generic, 'The request cannot be sent without a signer.'),
  'signature_request.invalid_placement': entry(
    422,
    validation,
    'A signature placement names a document or page the request does not have, or lies off the page.',
  ),
  'signature_request.invalid_expiry': entry(
    422,
    validation,
    'The deadline must be at least an hour and at most a year from now.',
  ),
  'signer.identity_conflict': entry(
    422,
    validation,
    'The signer is named twice with different people (account_email and signer_identity_data.email_address).',
  ),
  'document.not_found': entry(404, notFound, 'No such document for this caller.'),
  'document.conflict': entry(
    409,
    requestChanged,
    "The document cannot change in the request's present state.",
  ),
  'signer.not_found': entry(404, notFound, 'No such signer in this request.'),
  'observer.not_found': entry(404, 'apiErrors.observerNotFound', 'No such observer in this request.'),
  'observer.already_added': entry(
    409,
    'apiErrors.alreadyObserver',
    'This person is already an observer of the request.',
  ),
  'attachment.not_found': entry(404, notFound, 'No such attachment in this request.'),
  'attachment.too_many': entry(409, generic, 'A request holds at most 10 attachments.'),
  'attachment.type_not_allowed': entry(
    422,
    invalidFile,
    'Attachments may be PDF, PNG, JPEG or UTF-8 text, judged by their bytes.',
  ),
  'upload.too_large': entry(
    413,
    'apiErrors.fileTooLarge',
    'An uploaded file, or the number of files or fields, is over the limit.',
  ),
  'sendto.not_found': entry(404, notFound, 'No such hand-off of a request.'),
  'sendto.already_claimed': entry(409, requestChanged, 'The hand-off has already been claimed.'),
  'sendto.invalid_recipient': entry(422, validation, 'A request cannot be handed to its own owner.'),

  // business accounts
  'business.not_found': entry(
    404,
    'apiErrors.business.notFound',
    'No such business for this caller (another business answers this too).',
  ),
  'business.forbidden': entry(
    403,
    'apiErrors.business.forbidden',
    'A member of the business, but only its admins may do this.',
  ),
  'business.invitation_not_found': entry(
    404,
    'apiErrors.business.invitationNotFound',
    'No such invitation to a business.',
  ),
  'business.setting_not_supported': entry(
    422,
    'apiErrors.business.settingNotSupported',
    'A business setting the product does not act on yet can only keep its value.',
  ),
  'business.redirect_origin_invalid': entry(
    422,
    'apiErrors.business.redirectOriginInvalid',
    'A registered redirect origin is not exactly https://host or https://host:port (no path, no wildcard); `errors` names it.',
  ),
  'business.embedding_origin_invalid': entry(
    422,
    'apiErrors.business.embeddingOriginInvalid',
    'An origin allowed to frame embedded signing is not exactly https://host[:port] (or http:// on localhost, 127.0.0.1 or [::1]); `errors` names it.',
  ),
  'business.member_not_found': entry(
    404,
    'apiErrors.business.memberNotFound',
    'A named person (or, on a seal, an API user) is not of this business.',
  ),
  'business.domain_not_found': entry(404, notFound, 'This business has not claimed that domain.'),
  'business.logo_not_found': entry(404, notFound, 'The business has no logo.'),
  // the image-resizing endpoint
  'image.source_not_allowed': entry(
    400,
    validation,
    "The image's address is not on this installation: the server draws only its own images and fetches no other address.",
  ),
  'image.unknown_provider': entry(
    400,
    validation,
    'The address is on this installation but names no image the resizing endpoint draws (today: business logos).',
  ),
  'image.unknown_preset': entry(400, validation, 'No image preset has this name.'),
  'image.not_found': entry(404, notFound, 'No image is stored at this address.'),
  'image.unreadable': entry(
    422,
    invalidFile,
    'The stored image cannot be decoded or is larger than the server draws.',
  ),
  'business.already_member': entry(
    409,
    'apiErrors.business.alreadyMember',
    'The person belongs to a business already (one business per person).',
  ),
  'business.member_of_another': entry(
    409,
    'apiErrors.business.memberOfAnother',
    'An invited address belongs to another business.',
  ),
  'business.invitation_duplicate': entry(
    409,
    'apiErrors.business.invitationDuplicate',
    'That address has been invited already.',
  ),
  'business.last_admin': entry(
    409,
    'apiErrors.business.lastAdmin',
    'The last admin of a business can neither step down nor be removed.',
  ),
  'business.deletion_not_scheduled': entry(
    409,
    'apiErrors.business.deletionNotScheduled',
    'No deletion of this business is scheduled.',
  ),
  'business.deletion_pending': entry(
    403,
    'apiErrors.business.deletionPending',
    'The business is being deleted: nothing new is signed or sent for it and its API users are refused until an admin revokes the deletion.',
  ),
  'business.rejoin_needs_invitation': entry(
    403,
    'apiErrors.business.rejoinNeedsInvitation',
    'The person was removed from this business and may join it again only through a new invitation.',
  ),
  'business.domain_taken': entry(
    409,
    'apiErrors.business.domainTaken',
    'Another business proved this domain while this claim was being checked; the domain is theirs.',
  ),
  'business.domain_invalid': entry(422, 'apiErrors.business.domainInvalid', 'Not a domain name.'),
  'business.logo_invalid': entry(
    422,
    'apiErrors.business.logoInvalid',
    'The logo is not a PNG or JPEG of acceptable size.',
  ),
  'relationship_survey.not_due': entry(
    409,
    'apiErrors.relationshipSurvey.notDue',
    'The relationship survey is not asked now: not yet, or this round was answered or dismissed already.',
  ),
  'business.survey_not_due': entry(
    409,
    'apiErrors.business.surveyNotDue',
    'The satisfaction survey is asked only after the first request sent for the business.',
  ),
  'activity.export_busy': entry(
    503,
    'apiErrors.unavailable',
    'Other exports of activity reports are running and this one cannot start now; `retry_after_seconds` and the Retry-After header say when to try again.',
  ),
  'business.survey_settled': entry(
    409,
    'apiErrors.business.surveySettled',
    'The satisfaction survey has been answered or dismissed already.',
  ),
  'business.domain_check_unavailable': entry(
    503,
    'apiErrors.business.domainCheckUnavailable',
    'The DNS lookup that proves a domain failed; try again later.',
  ),

  // plans, billing and seats
  'billing.plan_not_purchasable': entry(
    422,
    'apiErrors.billing.planNotPurchasable',
    'The plan is not sold in the product (enterprise, trial, free): ask us for enterprise.',
  ),
  'billing.seats_out_of_range': entry(
    422,
    'apiErrors.billing.seatsOutOfRange',
    "The number of seats lies outside the plan's limits (the individual plan has one).",
  ),
  'billing.seats_below_people': entry(
    409,
    'apiErrors.billing.seatsBelowPeople',
    'Fewer seats than the people of the business and its open invitations: remove someone first.',
  ),
  'billing.seats_exhausted': entry(
    409,
    'apiErrors.billing.seatsExhausted',
    'Every seat is taken by a person or an open invitation: add seats before inviting more.',
  ),
  'billing.stale_timestamp': entry(
    409,
    'apiErrors.billing.staleTimestamp',
    'The subscription changed since the `timestamp` sent: reload the plan and try again. Nothing was changed.',
  ),
  'billing.not_an_upgrade': entry(
    409,
    'apiErrors.billing.notAnUpgrade',
    'A lower plan takes effect at the end of the period: set it as the next base instead.',
  ),
  'billing.no_subscription': entry(
    409,
    'apiErrors.billing.noSubscription',
    'There is no paid subscription to change: buy a plan first.',
  ),
  'billing.not_trialing': entry(409, 'apiErrors.billing.notTrialing', 'The business is not in its trial.'),
  'billing.currency_not_offered': entry(
    422,
    'apiErrors.billing.currencyNotOffered',
    'Plans here are sold in the currency of the platform only.',
  ),
  'billing.member_of_business': entry(
    409,
    'apiErrors.billing.memberOfBusiness',
    'A person of a business is billed through the business, not on a plan of their own.',
  ),
  'billing.promo_not_found': entry(422, 'apiErrors.billing.promoNotFound', 'No such promo code.'),
  'billing.promo_expired': entry(422, 'apiErrors.billing.promoExpired', 'The promo code has expired.'),
  'billing.promo_used_up': entry(
    422,
    'apiErrors.billing.promoUsedUp',
    'Every use of the promo code has been taken (USED_UP).',
  ),
  'billing.promo_not_applicable': entry(
    422,
    'apiErrors.billing.promoNotApplicable',
    'The promo code is for other plans, cycles or currencies.',
  ),
  'billing.referral_not_found': entry(422, 'apiErrors.billing.referralNotFound', 'No such referral code.'),
  'billing.referral_programme_off': entry(
    409,
    'apiErrors.billing.referralProgrammeOff',
    'The business takes no part in the referral programme: an admin turns on `affiliate.enabled` in its settings first.',
  ),
  'billing.referral_used': entry(
    409,
    'apiErrors.billing.referralUsed',
    'A referral code discounted a charge of this business or account already; a referral counts once.',
  ),
  'billing.referral_own': entry(
    422,
    'apiErrors.billing.referralOwn',
    'The referral code is of the buying business, or of a business the buyer belongs to or shares a person with.',
  ),
  'billing.vat_invalid': entry(
    422,
    'apiErrors.billing.vatInvalid',
    'The VAT number does not have the format (or check digits) of the billing country, or that country has no VAT number format we know.',
  ),
  'billing.address_required': entry(
    409,
    'apiErrors.billing.addressRequired',
    'The business has no billing address (street, postal code, town and country): save it with PUT /v2/businesses/{id}/billing first.',
  ),
  'billing.payment_method_required': entry(
    409,
    'apiErrors.billing.paymentMethodRequired',
    'No card is saved: start a setup intent and complete it first.',
  ),
  'billing.payment_declined': entry(
    402,
    'apiErrors.billing.paymentDeclined',
    'The card was declined (or its 3-D Secure step failed); nothing was changed. `failure_code` says why.',
  ),
  'billing.payment_pending': entry(
    409,
    'apiErrors.billing.paymentPending',
    'An earlier change waits for its 3-D Secure step: complete or fail it first.',
  ),
  'billing.signatures_exhausted': entry(
    402,
    'apiErrors.billing.signaturesExhausted',
    "This period's signatures of that level are all used: the web app shows the exhausted-signatures overlay. Upgrade, or wait for the next period.",
  ),
  'billing.upload_not_in_plan': entry(
    403,
    'apiErrors.billing.uploadNotInPlan',
    'The new free plan does not upload documents (spec 2): upgrade to send requests.',
  ),
  'billing.business_locked': entry(
    403,
    'apiErrors.billing.businessLocked',
    'The business has no paid plan in good standing (trial over, renewal unpaid, or locked): its people cannot send requests or invite until an admin pays.',
  ),
  'business.aes4biz_incomplete': entry(
    422,
    'apiErrors.business.aes4bizIncomplete',
    'AES for business needs the representative’s name and e-mail, the commercial register and at least one domain before it can be turned on.',
  ),
  'business.aes4biz_domain_unverified': entry(
    422,
    'apiErrors.business.aes4bizDomainUnverified',
    'AES for business may only name domains the business has claimed and verified.',
  ),
  'business.verification_incomplete': entry(
    422,
    'apiErrors.business.verificationIncomplete',
    'The verification of a business’s organisation needs its commercial register (the register number) besides its name and country.',
  ),
  'business.verification_mismatch': entry(
    409,
    generic,
    'What the operator verified is not the business’s name, commercial register and country as they are now (they changed since, or a typing error): nothing was recorded.',
  ),
  'business.verification_not_pending': entry(
    409,
    generic,
    'Only a verification the business asked for and nobody decided yet can be refused.',
  ),
  'business.verification_not_verified': entry(
    409,
    generic,
    'Only a business whose organisation is verified can have that verification revoked.',
  ),

  // maintenance notices (operator only)
  'maintenance.invalid_window': entry(
    422,
    generic,
    'A maintenance notice must end after it starts, and not in the past.',
  ),
  'maintenance.unknown_person': entry(404, generic, 'No account has that address.'),

  // signer groups
  'group.not_found': entry(404, notFound, "No such signer group in the caller's business."),
  'group.forbidden': entry(
    403,
    'apiErrors.group.forbidden',
    'Only the admins of a business may change its signer groups.',
  ),
  'group.limit_reached': entry(
    409,
    'apiErrors.group.limitReached',
    'The business has as many signer groups as its settings allow (`signer_groups.max_groups`).',
  ),
  'group.too_many_members': entry(
    422,
    'apiErrors.group.tooManyMembers',
    'A signer group may have at most `signer_groups.max_participants` members.',
  ),
  'group.name_taken': entry(
    409,
    'apiErrors.group.nameTaken',
    'The business has a signer group of that name already.',
  ),

  // seals and API users of a business
  'seal.not_found': entry(404, notFound, 'The business has no seal of that account name.'),
  'seal.forbidden': entry(
    403,
    generic,
    "The caller is of the seal's business but not listed on the seal, so it may not apply it.",
  ),
  'seal.name_taken': entry(
    409,
    'apiErrors.business.sealNameTaken',
    'The business already has a seal of that account name.',
  ),
  'seal.quality_not_available': entry(
    422,
    'apiErrors.business.sealQualityNotAvailable',
    'Qualified seals need a credential of the remote-signing provider, and none is configured.',
  ),
  'seal.organisation_unverified': entry(
    409,
    'apiErrors.business.sealOrganisationUnverified',
    'A seal’s certificate names the business, so seals are made and applied only while the operator of this installation has verified its name, commercial register and country (`GET /v1/businesses/{id}/verification`; a change of any of them needs verifying again).',
  ),
  'seal.image_not_found': entry(404, notFound, 'The seal has no image.'),
  'seal.image_invalid': entry(422, invalidFile, 'The image is not a PNG, JPEG or WebP of acceptable size.'),
  'api_user.not_found': entry(404, notFound, 'The business has no API user of that name.'),
  'api_user.limit_reached': entry(
    409,
    'apiErrors.business.apiUserLimit',
    'A business has at most 50 API users.',
  ),
  'webhook.not_found': entry(
    404,
    notFound,
    'No such webhook endpoint for this caller (another tenant’s answers this too).',
  ),
  'webhook.delivery_not_found': entry(404, notFound, 'The webhook endpoint has no delivery of that id.'),
  'webhook.limit_reached': entry(409, generic, 'A business or an account has at most 20 webhook endpoints.'),
  'webhook.disabled': entry(
    409,
    generic,
    'The webhook endpoint is disabled; enable it (PUT with `enabled: true`) before redelivering.',
  ),
  // embedded signing (ADR 088)
  'mcp.api_user_required': entry(
    403,
    generic,
    'The MCP server acts for a business as one of its API users: call it with the API user’s HTTP Basic credentials, not a person’s session.',
  ),
  'mcp.stream_not_offered': entry(
    405,
    generic,
    'The MCP server starts no messages of its own, so it offers no stream on GET: every answer comes with its POST.',
  ),
  'embedded_signing.no_origins': entry(
    409,
    'apiErrors.embeddedSigning.noOrigins',
    'The request’s business allows no origin to frame its signing page (`embedded_signing.allowed_origins` in its settings is empty, or the request is no business’s).',
  ),
  'embedded_signing.signer_not_pending': entry(
    409,
    'apiErrors.embeddedSigning.signerNotPending',
    'The signer has already signed, declined or handed over, or signs as one of a signer group: there is nothing for them to sign in a frame.',
  ),
  // templates and bulk send (ADR 080)
  'template.not_found': entry(
    404,
    notFound,
    'No such template for this caller: neither their own nor shared by their business (another tenant’s answers this too).',
  ),
  'template.document_not_found': entry(404, notFound, 'The template has no document of that id.'),
  'template.forbidden': entry(
    403,
    'apiErrors.template.forbidden',
    'Only the owner of a template, or an admin of the business sharing it, may change or delete it.',
  ),
  'template.limit_reached': entry(
    409,
    'apiErrors.template.limitReached',
    'An account or a business has at most 200 templates.',
  ),
  'template.source_not_draft': entry(
    409,
    'apiErrors.template.sourceNotDraft',
    'Only a draft can be saved as a template (a request once sent has fields and signatures in its documents).',
  ),
  'template.no_documents': entry(
    422,
    'apiErrors.template.noDocuments',
    'The template has no documents: save a draft with documents as a template.',
  ),
  'template.invalid_field': entry(
    422,
    'apiErrors.template.invalidField',
    'A field names a role or document the template does not have, lies outside its page, or is a second signature box of a role in one document.',
  ),
  'template.role_in_use': entry(
    409,
    'apiErrors.template.roleInUse',
    'A role that fields are placed for cannot be removed; remove its fields too.',
  ),
  'template.role_missing': entry(
    422,
    'apiErrors.template.roleMissing',
    'Every role of the template needs a person or a signer group.',
  ),
  'template.role_unknown': entry(
    422,
    'apiErrors.template.roleUnknown',
    'A role was named that the template does not have, or twice.',
  ),
  'template.field_unknown': entry(
    422,
    'apiErrors.template.fieldUnknown',
    'A value was given for a field the template does not have, or that the sender cannot fill (signatures, names, dates), or of the wrong kind.',
  ),
  'bulk_send.not_found': entry(404, notFound, 'No such bulk send of this caller.'),
  'bulk_send.csv_invalid': entry(
    422,
    'apiErrors.bulkSend.csvInvalid',
    'The CSV cannot be read (no header row, unbalanced quotes, or no rows).',
  ),
  'bulk_send.too_many_rows': entry(
    422,
    'apiErrors.bulkSend.tooManyRows',
    'The CSV has more rows than the plan lets one bulk send have.',
  ),
  'bulk_send.already_started': entry(
    409,
    'apiErrors.bulkSend.alreadyStarted',
    'The bulk send was started already; it sends each row once.',
  ),
  'bulk_send.nothing_to_send': entry(
    422,
    'apiErrors.bulkSend.nothingToSend',
    'No row of the CSV is free of errors: there is nothing to send.',
  ),
  'api_user.forbidden': entry(
    403,
    generic,
    'API users make only the request, document, sealing and activity calls of their business; this is not one.',
  ),

  // PDF files (the engine's errors)
  'pdf.not_pdf': entry(422, invalidFile, 'The file does not start with a PDF header.'),
  'pdf.truncated': entry(
    422,
    invalidFile,
    'The PDF ends without a usable cross-reference table and trailer.',
  ),
  'pdf.corrupt': entry(422, invalidFile, "The PDF's structure cannot be read."),
  'pdf.encrypted': entry(422, invalidFile, 'The PDF is password or certificate protected.'),
  'pdf.certified_no_changes': entry(
    422,
    invalidFile,
    'The PDF carries a certification that forbids any change, so it cannot be signed.',
  ),
  'pdf.field_not_found': entry(422, invalidFile, 'A named signature field is not in the PDF.'),
  'pdf.field_already_signed': entry(422, invalidFile, 'The signature field is already signed.'),
  'pdf.signature_too_large': entry(422, generic, 'The signature does not fit the space reserved for it.'),
  'pdf.field_name_taken': entry(
    422,
    invalidFile,
    'A new form field would take the name of one the document already has.',
  ),
  'pdf.form_fields_after_signature': entry(
    422,
    invalidFile,
    'Fillable fields cannot be added to a document that is already signed.',
  ),
  'pdf.page_out_of_range': entry(404, notFound, 'The document has no such page.'),
  'pdf.no_pages': entry(422, invalidFile, 'The document has no page, so there is nothing to sign.'),
  'pdf.limit.stream_inflated_size': entry(422, invalidFile, 'A stream inflates to more than 128 MiB.'),
  'pdf.limit.document_inflated_size': entry(
    422,
    invalidFile,
    'The streams read from the document inflate to more than 512 MiB.',
  ),
  'pdf.limit.object_count': entry(422, invalidFile, 'The document has more than 2 million objects.'),
  'pdf.limit.nesting_depth': entry(422, invalidFile, 'Arrays and dictionaries nest more than 256 deep.'),
  'pdf.limit.string_size': entry(422, invalidFile, 'A string or name is longer than 8 MiB.'),
  'pdf.limit.page_count': entry(422, invalidFile, 'The document has more than 10,000 pages.'),
  'pdf.limit.page_size': entry(422, invalidFile, 'A page is larger than 14,400 points on a side.'),
  'pdf.limit.array_length': entry(422, invalidFile, 'An array has more than a million items.'),
  'pdf.limit.render_memory': entry(
    422,
    invalidFile,
    'Drawing the page needs more than the 256 MiB the renderer may use for one page.',
  ),
  'pdf.limit.time': entry(422, invalidFile, 'Reading the document takes longer than one document may.'),
  'pdf.limit.memory': entry(
    422,
    invalidFile,
    'Reading the document needs more memory than one document may use.',
  ),

  // signing and identification
  'signing.quality_not_available': entry(
    403,
    generic,
    'The signer lacks the identification the requested signature level needs.',
  ),
  'signing.seal_level_too_low': entry(
    422,
    generic,
    "The seal's level (advanced) is below the level the request asks for (qualified).",
  ),
  'signing.tan_required': entry(
    409,
    generic,
    'A qualified signature waits for the TAN just sent by SMS: repeat the call with `tan`.',
  ),
  'signing.tan_invalid': entry(403, generic, 'The TAN is wrong.'),
  'signing.tan_expired': entry(410, generic, 'The TAN has expired; ask for a new one.'),
  'signing.tan_locked': entry(423, generic, 'Too many wrong TANs; the signing credential is locked.'),
  // qualified signatures at a remote QTSP over CSC API v2 (ADR 076)
  'signing.qtsp_unavailable': entry(
    503,
    'apiErrors.qualified.qtspUnavailable',
    'The qualified trust service provider did not answer in time (or answered with a server error); nothing was signed.',
  ),
  'signing.qtsp_refused': entry(
    502,
    'apiErrors.qualified.qtspRefused',
    "The qualified trust service provider refused the call (invalid_request, invalid_client, unsupported ...): a protocol or configuration problem on the operator's side.",
  ),
  'signing.sad_expired': entry(
    410,
    'apiErrors.qualified.authorisationExpired',
    "The signer's authorisation at the provider (SAD, or the credential-scoped token) has expired; authorise again.",
  ),
  'signing.credential_locked': entry(
    423,
    'apiErrors.qualified.credentialLocked',
    'The signing credential is locked at the provider after too many wrong one-time codes.',
  ),
  'signing.authorisation_denied': entry(
    403,
    'apiErrors.qualified.authorisationDenied',
    "The signer cancelled at the provider's authorisation page, or the provider refused them (access_denied).",
  ),
  'signing.authorisation_invalid': entry(
    400,
    'apiErrors.qualified.authorisationInvalid',
    'The authorisation code or the pushed request is unknown, used or expired (invalid_grant, invalid_request_uri).',
  ),
  // the Swisscom step-up of a ZertES credential: password and one-time code (ADR 087)
  'signing.serial_number_mismatch': entry(
    409,
    'apiErrors.qualified.serialNumberMismatch',
    "The signer's certificate at the provider is no longer the one the signature was prepared with (its serial number changed, e.g. renewed after a new identification); nothing was signed: prepare the signature again.",
  ),
  'signing.pwdotp_required': entry(
    409,
    'apiErrors.qualified.pwdotpRequired',
    'The credential is unlocked by the provider password and the one-time code just texted: call swisscom/proceed with `pwdotp`.',
  ),
  'signing.password_invalid': entry(
    403,
    'apiErrors.qualified.passwordInvalid',
    "The password at the signer's provider is wrong (it counts towards the credential's lock).",
  ),
  'signing.password_weak': entry(
    422,
    'apiErrors.qualified.passwordWeak',
    "The first password chosen at the provider does not follow its rules (the sandbox's: 8 to 64 characters with a letter and a digit).",
  ),
  'cello.already_referred': entry(
    409,
    'apiErrors.cello.alreadyReferred',
    'The account already carries another referral code (`celloUcc`); the first one stays.',
  ),
  // advanced signatures confirmed on the signer's phone (ADR 094)
  'mobile_id.unavailable': entry(
    503,
    'apiErrors.mobileId.unavailable',
    'Mobile ID cannot confirm now: no provider is configured, the service did not answer, or it ended the transaction (unknown number, blocked or inactive account, another confirmation running).',
  ),
  'mobile_id.not_advanced': entry(
    422,
    'apiErrors.mobileId.notAdvanced',
    'Mobile ID confirms advanced (aes) signatures only.',
  ),
  'mobile_id.number_missing': entry(
    422,
    'apiErrors.mobileId.numberMissing',
    'No mobile number to confirm on: give `mobile`, or set the account attribute `mobile`.',
  ),
  'mobile_id.not_pending': entry(
    404,
    'apiErrors.mobileId.notPending',
    'No Mobile ID signature of yours waits under this transaction (it was completed, refused or never started).',
  ),
  'mobile_id.refused': entry(
    403,
    'apiErrors.mobileId.refused',
    'The signer refused the confirmation on their phone; nothing was signed.',
  ),
  'mobile_id.timeout': entry(
    410,
    'apiErrors.mobileId.timeout',
    'The confirmation lapsed on the phone before the signer answered; start again.',
  ),
  'mab.not_pending': entry(
    409,
    'apiErrors.qualified.redirectNotPending',
    'No redirect signature is waiting for this signer (create-par first, or it has already been completed).',
  ),
  'mab.not_qualified': entry(
    422,
    'apiErrors.qualified.notQualified',
    'Signing by redirect to a trust service provider is for qualified (qes) requests only.',
  ),
  'mab.direct_sign_disabled': entry(
    403,
    'apiErrors.qualified.directSignDisabled',
    "The business's setting mabSettings.directSign.enabled is off: its link signers cannot sign by redirect.",
  ),
  // 21 CFR Part 11 signatures (ADR 077)
  'part11.account_required': entry(
    403,
    'apiErrors.part11.accountRequired',
    'A Part 11 signature is made by a signed-in account holder: a link holder signs in (or signs up) first.',
  ),
  'part11.reauthentication_required': entry(
    422,
    'apiErrors.part11.reauthenticationRequired',
    'A Part 11 signature needs `part11` (the password and the one-time code) with the sign call.',
  ),
  'part11.meaning_required': entry(
    422,
    'apiErrors.part11.meaningRequired',
    'A Part 11 signature states its meaning (`signingReason`, such as approval or review) and a printed name.',
  ),
  'part11.password_invalid': entry(
    403,
    'apiErrors.part11.passwordInvalid',
    'The password is wrong; the try counts against the waiting code.',
  ),
  'part11.code_missing': entry(
    409,
    'apiErrors.part11.codeMissing',
    'No one-time code waits for this person: send one (POST /v3/signature-requests/{id}/part11/code).',
  ),
  'part11.code_invalid': entry(403, 'apiErrors.part11.codeInvalid', 'The one-time code is wrong.'),
  'part11.code_expired': entry(
    410,
    'apiErrors.part11.codeExpired',
    'The one-time code has expired; send a new one.',
  ),
  'part11.code_locked': entry(
    423,
    'apiErrors.part11.codeLocked',
    'Too many wrong tries: the one-time code is locked; send a new one.',
  ),
  'part11.code_limit': entry(
    429,
    'apiErrors.part11.codeLimit',
    'Five codes were sent in the last hour; wait before asking for another.',
  ),
  'part11.not_required': entry(
    409,
    'apiErrors.part11.notRequired',
    'This request is not a Part 11 request, or the caller is not one of its pending signers.',
  ),
  // TANs of link signers (ADR 078); a wrong, expired or locked TAN answers signing.tan_*
  'direct_tan.missing': entry(
    409,
    'apiErrors.directTan.missing',
    'No TAN waits for this link signer (none sent, or already used): send one with /v1/direct/tan/resend.',
  ),
  'direct_tan.resend_limit': entry(
    429,
    'apiErrors.directTan.resendLimit',
    'Five TANs were sent to this signer in the last hour; wait before asking for another.',
  ),
  'direct_tan.required': entry(
    403,
    'apiErrors.directTan.required',
    'The request asks its link signers to confirm with a TAN first: send one with /v1/direct/tan/resend, check it with /v1/direct/tan/check (or api/respond/{id}), then sign within ten minutes.',
  ),
  // the verification service (ADR 086): a signer confirms their pending signature with a secret
  'verification.cancelled': entry(
    409,
    'apiErrors.verification.cancelled',
    'The signer cancelled this verification: ask for a new secret with api/resend/{id}.',
  ),
  'signing.consent_required': entry(
    422,
    generic,
    "A signature needs the signer's consent to sign electronically (`consent`).",
  ),
  'signing.consent_unknown': entry(
    422,
    generic,
    'The consent names a wording of the consent text that this server does not know.',
  ),
  'signing.fields_incomplete': entry(
    422,
    generic,
    'A required field placed for the signer has no value in `field_values`.',
  ),
  'signing.field_unknown': entry(
    422,
    validation,
    '`field_values` names a field that is not placed for this signer, or a value of the wrong kind.',
  ),
  'signing.provider_unavailable': entry(
    503,
    'apiErrors.unavailable',
    'The remote signing provider cannot be reached.',
  ),
  'identification.not_found': entry(404, notFound, 'No such identification.'),
  'identification.method_not_found': entry(404, notFound, 'No such identification method.'),
  'identification.invalid_transition': entry(409, generic, "The identification's state does not allow this."),
  'identification.conflict': entry(409, generic, 'An identification is already under way.'),
  'identification.callback_invalid': entry(
    401,
    generic,
    "The identification provider's callback is not authentic.",
  ),
  'identification.provider_unavailable': entry(
    503,
    'apiErrors.unavailable',
    'The identification provider cannot be reached.',
  ),
  'identification.wallet_request_unknown': entry(
    404,
    'apiErrors.walletRequestUnknown',
    'No open wallet presentation request has this `state` (never made, or already answered).',
  ),
  'identification.wallet_request_expired': entry(
    410,
    'apiErrors.walletRequestExpired',
    'The wallet presentation request has expired; start the identification again.',
  ),
  'identification.wallet_presentation_invalid': entry(
    400,
    'apiErrors.walletPresentationInvalid',
    'The `vp_token` is not an SD-JWT VC presentation of a personal identity the verifier accepts (its form, type or disclosures are wrong).',
  ),
  'identification.wallet_signature_invalid': entry(
    400,
    'apiErrors.walletPresentationInvalid',
    "The credential's signature does not verify with its issuer's keys on the trust list.",
  ),
  'identification.wallet_issuer_untrusted': entry(
    403,
    'apiErrors.walletIssuerUntrusted',
    "The credential's issuer is not on the installation's trust list.",
  ),
  'identification.wallet_issuer_revoked': entry(
    403,
    'apiErrors.walletIssuerUntrusted',
    "The credential's issuer was withdrawn from the trust list.",
  ),
  'identification.wallet_credential_expired': entry(
    400,
    'apiErrors.walletCredentialExpired',
    'The credential has expired or is not valid yet.',
  ),
  'identification.wallet_key_binding_missing': entry(
    400,
    'apiErrors.walletPresentationInvalid',
    "The presentation has no key-binding JWT, or the credential binds no holder key: nothing proves the holder's wallet made it.",
  ),
  'identification.wallet_key_binding_invalid': entry(
    400,
    'apiErrors.walletPresentationInvalid',
    "The key-binding JWT is not signed by the credential's holder key, is stale, or covers other disclosures.",
  ),
  'identification.wallet_nonce_mismatch': entry(
    400,
    'apiErrors.walletPresentationInvalid',
    "The key-binding JWT's nonce is not the one of this request (a replayed presentation).",
  ),
  'identification.wallet_audience_mismatch': entry(
    400,
    'apiErrors.walletPresentationInvalid',
    "The key-binding JWT's audience is not this verifier (a presentation made for someone else).",
  ),
  'identification.wallet_claims_missing': entry(
    400,
    'apiErrors.walletClaimsMissing',
    'The presentation does not disclose the claims the request asked for (given name, family name, issuing country).',
  ),
  'visual_signature.not_found': entry(404, notFound, 'No such visual signature.'),
  'visual_signature.forbidden': entry(403, generic, 'The visual signature belongs to someone else.'),
  'visual_signature.alias_taken': entry(409, generic, 'A visual signature with this alias already exists.'),
  'visual_signature.image_invalid': entry(
    422,
    invalidFile,
    'The image is not a PNG or JPEG of acceptable size.',
  ),

  // the trust services (OCSP, time stamps, CRLs, certificates)
  'trust.bad_request': entry(400, generic, 'An OCSP or time-stamp request that cannot be parsed.'),
  'trust.unknown_issuer': entry(404, notFound, 'No issuing authority of ours has that name.'),
  'trust.unknown_serial': entry(404, notFound, 'No certificate of ours has that serial number.'),
  'trust.authority_not_found': entry(404, notFound, 'No such certification authority.'),

  // payments and invoices
  'payment.webhook_invalid': entry(
    400,
    generic,
    "A payment provider's webhook delivery whose signature is missing, wrong or too old; nothing was applied.",
  ),
  'payment.provider_unavailable': entry(
    404,
    notFound,
    'The webhook names a payment provider this installation does not use.',
  ),
  'payment.provider_failed': entry(
    502,
    'apiErrors.unavailable',
    'The payment provider could not be reached or answered with an error.',
  ),
  'payment.customer_not_found': entry(404, notFound, 'The payment provider knows no such customer.'),
  'payment.amount_too_small': entry(
    422,
    generic,
    'A card charge must be at least 0.50 (50 minor units) of its currency.',
  ),
  'payment.idempotency_conflict': entry(
    409,
    generic,
    'A charge with this idempotency key was made already with other parameters.',
  ),
  'invoice.not_found': entry(
    404,
    notFound,
    "No such invoice for this caller (another customer's answers this too).",
  ),
  'invoice.invalid': entry(
    422,
    validation,
    'An invoice or credit note without lines, with an amount that is not whole minor units, or crediting more than is left.',
  ),
  'payment.page_expired': entry(
    410,
    generic,
    'A sandbox payment page (card entry, 3-D Secure, portal) that is used up or expired.',
  ),
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

/** The HTTP status of a code; an unknown code is an unexpected failure (500). */
export function statusOfCode(code: string): number {
  return isErrorCode(code) ? errorCatalogue[code].status : 500;
}

/** What refuses an uploaded PDF: not a PDF, protected, broken, empty, or over a limit. */
export const pdfUploadProblems = [
  'pdf.not_pdf',
  'pdf.truncated',
  'pdf.corrupt',
  'pdf.encrypted',
  'pdf.certified_no_changes',
  'pdf.no_pages',
  'pdf.limit.stream_inflated_size',
  'pdf.limit.document_inflated_size',
  'pdf.limit.object_count',
  'pdf.limit.nesting_depth',
  'pdf.limit.string_size',
  'pdf.limit.page_count',
  'pdf.limit.page_size',
  'pdf.limit.array_length',
  'pdf.limit.time',
  'pdf.limit.memory',
] as const satisfies readonly ErrorCode[];
