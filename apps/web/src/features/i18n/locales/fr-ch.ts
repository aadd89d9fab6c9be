// Swiss French.
import type { CoreMessages } from './messages.js';
import { titlesFrCh } from './titles/fr-ch.js';

export const frCh: CoreMessages = {
  app: {
    name: 'Countersign',
    skipToContent: 'Aller au contenu',
    loading: 'Chargement…',
    close: 'Fermer',
    language: 'Langue',
  },
  pageTitles: titlesFrCh,
  nav: {
    menu: 'Menu',
    main: 'Navigation principale',
    dashboard: 'Tableau de bord',
    upload: 'Téléverser',
    profile: 'Profil',
    changePassword: 'Changer le mot de passe',
    logout: 'Se déconnecter',
    business: 'Entreprise',
    businessNavigation: 'Navigation entreprise',
    businessLinks: {
      dashboard: 'Tableau de bord',
      activity: 'Activité',
      members: 'Membres',
      seals: 'Sceaux',
      settings: 'Paramètres',
      billing: 'Facturation',
      api: 'Interface API',
      profile: "Profil de l'entreprise",
      domains: 'Domaines',
    },
    backToApp: "Retour à l'application",
  },
  form: {
    required: 'Ce champ est obligatoire',
    email: 'Veuillez saisir une adresse e-mail valide',
    number: 'Ce champ ne peut contenir que des chiffres',
    integer: 'Ce champ ne peut contenir que des nombres entiers',
    capital: 'Ce champ ne peut contenir que des lettres majuscules',
    maxLength: 'Vous devez saisir au maximum {{0}} caractères',
    minLength: 'Vous devez saisir au minimum {{0}} caractères',
    strictLength: "La longueur de la saisie n'est pas valide",
    exclude: "Le caractère {{0}} n'est pas autorisé",
    notEmpty: 'Veuillez choisir au moins une valeur',
    pattern: 'Format non valide',
    passwordMismatch: 'Les mots de passe ne correspondent pas',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
  },
  sso: {
    signIn: {
      heading: 'Authentification unique',
      intro:
        "Votre entreprise vous connecte-t-elle via son propre fournisseur d'identité ? Saisissez votre adresse e-mail professionnelle.",
      email: 'Adresse e-mail professionnelle',
      submit: "Continuer avec l'authentification unique",
      withProvider: 'Se connecter avec {{name}}',
    },
    callback: {
      checking: 'Connexion en cours…',
    },
    link: {
      heading: 'Lier votre compte',
      intro:
        "Un compte existe déjà pour {{email}}. Saisissez une fois son mot de passe pour vous connecter désormais via votre fournisseur d'identité.",
      submit: 'Lier et se connecter',
    },
    error: {
      heading: "L'authentification unique a échoué",
      intro: "Nous n'avons pas pu vous connecter via votre fournisseur d'identité.",
      companyHeading: "L'authentification unique n'est pas possible pour votre entreprise",
      companyIntro: "Votre entreprise n'autorise pas encore cette connexion.",
      backToLogin: 'Retour à la connexion',
    },
    setup: {
      heading: 'Terminer la configuration de votre compte',
      intro:
        "Vous êtes connecté en tant que {{email}}. Votre fournisseur d'identité ne nous a pas transmis votre nom : veuillez l'indiquer.",
      firstName: 'Prénom',
      lastName: 'Nom',
      submit: 'Continuer',
    },
    admin: {
      heading: 'Authentification unique',
      text: "Permettez à vos membres de se connecter via le fournisseur d'identité de votre entreprise (OpenID Connect). Seules les adresses de vos domaines vérifiés peuvent l'utiliser.",
      redirectUri: 'Enregistrez cette URI de redirection auprès de votre fournisseur : {{uri}}',
      issuer: "URL de l'émetteur",
      clientId: 'ID client',
      clientSecret: 'Secret client',
      secretKept: 'Enregistré ; laisser vide pour le conserver',
      scopes: 'Portées (scopes)',
      required: "Les membres doivent se connecter via le fournisseur d'identité (pas de mot de passe)",
      save: "Enregistrer le fournisseur d'identité",
      test: 'Tester',
      remove: 'Supprimer',
      useSandbox: 'Utiliser le fournisseur sandbox',
      testPassed: "Le fournisseur d'identité répond.",
    },
  },
  scim: {
    admin: {
      heading: 'Provisionnement (SCIM)',
      text: "Laissez votre fournisseur d'identité ajouter et retirer vos membres via SCIM 2.0. Donnez-lui l'URL de base ci-dessous et un jeton ; les personnes provisionnées occupent une place, les personnes retirées perdent leur adhésion.",
      baseUrl: 'URL de base SCIM : {{url}}',
      state: 'Un jeton existe, créé le {{created}}, utilisé pour la dernière fois {{used}}.',
      neverUsed: 'jamais',
      none: 'Aucun jeton : le provisionnement SCIM est désactivé.',
      shownOnce: "Copiez ce jeton dans votre fournisseur d'identité maintenant : il ne sera plus affiché.",
      tokenLabel: 'Jeton SCIM',
      stored: "Je l'ai enregistré",
      create: 'Créer un jeton',
      rotate: 'Renouveler le jeton',
      revoke: 'Révoquer le jeton',
    },
  },
  eid: {
    checking: 'Vérification de la réponse de votre eID…',
    again: 'Recommencer',
    cancel: 'Annuler',
    locked: 'Repris de votre eID ; ne peut pas être modifié.',
    birthDate: 'Date de naissance',
    plus: {
      heading: "S'inscrire avec eID+",
      lead: 'Votre eID+ confirme votre identité : votre compte en reprend votre nom, votre date de naissance et votre adresse e-mail, et vous pouvez signer au niveau avancé tout de suite.',
      start: "S'inscrire avec eID+",
      withPassword: "S'inscrire plutôt avec une adresse e-mail et un mot de passe",
      failedHeading: "L'inscription avec eID+ n'a pas abouti",
    },
    supply: {
      title: 'Transmettre vos données eID',
      text: 'eID+ transmettra à Countersign votre prénom, votre nom, votre date de naissance et votre adresse e-mail. Votre nom et votre date de naissance sont repris tels que votre eID les indique et ne pourront plus être modifiés dans votre profil.',
      confirm: 'Continuer vers eID+',
    },
    austria: {
      section: 'ID Austria',
      lead: 'Connectez une fois votre ID Austria pour être identifié pour les signatures avancées selon eIDAS.',
      connected: 'Votre ID Austria est connectée : vous pouvez signer au niveau avancé selon eIDAS.',
      connect: 'Connecter ID Austria',
      dialogTitle: 'Connecter votre eID nationale (Autriche)',
      dialogText:
        'Vous vous connecterez avec ID Austria. Elle confirme votre nom et votre date de naissance, qui remplacent alors ceux de votre profil et ne pourront plus être modifiés.',
      dialogConfirm: 'Continuer vers ID Austria',
      disconnect: 'Déconnecter ID Austria',
      disconnectText:
        'Déconnecter ID Austria ? Vous ne serez plus identifié par elle pour les signatures avancées, et votre nom et votre date de naissance redeviennent modifiables. Les signatures déjà faites restent telles quelles.',
      disconnectConfirm: 'Déconnecter',
      successHeading: 'ID Austria connectée',
      successText: 'Vous êtes identifié pour les signatures avancées selon eIDAS.',
      failedHeading: "ID Austria n'a pas pu être connectée",
      toStandards: 'Vers vos standards de signature',
      toRequest: 'Retour à la demande',
    },
  },
  login: {
    alreadySignedIn: 'Vous êtes déjà connecté, voici votre tableau de bord.',
    heading: 'Se connecter',
    intro: 'Bon retour. Connectez-vous pour signer et envoyer des documents.',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    forgotPassword: 'Mot de passe oublié ?',
    noAccount: 'Pas encore de compte ?',
    signupLink: "S'inscrire gratuitement",
    resendConfirmation: 'Renvoyer le lien de confirmation',
    confirmationResent: 'Nous avons envoyé un nouveau lien de confirmation à {{email}}.',
  },
  legal: {
    operatorTerms: "L'exploitant de ce service publie ses conditions générales sur son propre site :",
    operatorPrivacy:
      "L'exploitant de ce service publie sa politique de confidentialité sur son propre site :",
    terms: {
      heading: 'Conditions générales',
      intro:
        "Ces conditions s'appliquent à cette installation de Countersign, son exploitant n'en ayant pas publié de propres.",
      service:
        "Le service vous permet de téléverser des documents PDF, de les faire signer par d'autres et de les signer vous-même. Chaque signature est ajoutée au document comme une nouvelle révision : les signatures antérieures restent valables.",
      account:
        'Gardez votre mot de passe pour vous : vous répondez de ce qui est fait avec votre compte. Indiquez les vrais noms et adresses des personnes que vous invitez à signer.',
      content:
        "Ne téléversez que des documents que vous pouvez partager avec leurs destinataires. Vos documents restent les vôtres ; l'exploitant ne les utilise que pour fournir le service.",
      signatures:
        "Qu'une signature électronique satisfasse une exigence légale de forme dépend de son niveau (simple, avancée ou qualifiée) et du droit applicable au document. Choisissez le niveau que le document exige.",
      availability:
        "L'exploitant gère le service avec soin mais ne peut garantir qu'il soit toujours disponible. Téléchargez les documents signés que vous devez conserver.",
      changes:
        "L'exploitant peut modifier ces conditions ; vous serez invité à accepter les nouvelles conditions avant de continuer à utiliser le service.",
    },
    privacy: {
      heading: 'Politique de confidentialité',
      intro:
        "Cette politique s'applique à cette installation de Countersign, son exploitant n'en ayant pas publié de propre. L'exploitant de cette installation est responsable de vos données.",
      data: "Ce qui est enregistré : votre nom, votre adresse e-mail et votre langue ; les documents que vous téléversez ou que l'on vous demande de signer ; et pour chaque demande, qui y a pris part, ce que chacun a fait et quand, avec son adresse IP, dans un journal qui révèle toute modification ultérieure.",
      purpose:
        "Pourquoi : pour préparer et remettre les demandes de signature, créer et vérifier les signatures, et prouver plus tard qui a signé quoi et quand. Rien n'est vendu ni utilisé à des fins publicitaires.",
      sharing:
        "Qui les voit : les participants d'une demande voient ses documents, ses participants et son historique. Le certificat émis pour votre signature contient votre nom et votre adresse e-mail.",
      storage:
        "Combien de temps : les documents et leur historique sont conservés jusqu'à ce que l'expéditeur supprime la demande ou que le compte soit supprimé ; les preuves de signature peuvent être conservées aussi longtemps que la loi l'exige.",
      browser:
        "Dans votre navigateur : l'application garde votre session dans le stockage du navigateur et mémorise la vue de votre tableau de bord dans un cookie. Elle ne pose aucun cookie de suivi ou publicitaire.",
      rights:
        "Vos droits : vous pouvez consulter et corriger vos données dans votre profil, y supprimer votre compte, et demander à l'exploitant une copie de vos données.",
    },
  },
  signup: {
    heading: 'Créer votre compte',
    intro: 'Signez des documents avec des signatures électroniques juridiquement valables.',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    acceptTerms:
      "J'accepte les <terms>conditions générales</terms> et la <privacy>politique de confidentialité</privacy>",
    submit: "S'inscrire",
    haveAccount: 'Vous avez déjà un compte ?',
    loginLink: 'Se connecter',
  },
  signupMailSent: {
    heading: 'Consultez votre boîte de réception',
    text: 'Nous avons envoyé un lien de confirmation à {{email}}. Ouvrez-le pour activer votre compte.',
    textNoEmail: 'Nous vous avons envoyé un lien de confirmation. Ouvrez-le pour activer votre compte.',
    resend: 'Renvoyer le lien',
    resent: 'Un nouveau lien est en route.',
  },
  signupSteps: {
    stepOf: 'Étape {{step}} sur {{count}}',
    continue: 'Continuer',
    finish: 'Terminer',
    skip: 'Passer',
    back: 'Retour',
    name: { heading: 'Votre nom', lead: 'Votre nom figure sur vos demandes et vos signatures.' },
    terms: {
      heading: 'Conditions générales',
      lead: 'Acceptez les conditions générales pour utiliser le service.',
    },
    language: { heading: 'Langue', lead: 'La langue de ces pages et des e-mails que nous vous envoyons.' },
    signing: {
      heading: 'Votre façon de signer',
      lead: 'La législation et le niveau de signature de vos nouvelles demandes. Vous pouvez les changer pour chaque demande.',
    },
    identity: {
      heading: 'Votre identité',
      lead: 'Prouvez une fois qui vous êtes pour signer au niveau avancé. Vous pouvez aussi le faire plus tard dans votre profil.',
    },
  },
  signupConfirm: {
    heading: 'Confirmer votre adresse e-mail',
    confirming: 'Confirmation de votre adresse e-mail…',
    success: 'Votre adresse e-mail {{email}} est confirmée. Vous pouvez maintenant vous connecter.',
    missingToken: "Ce lien de confirmation est incomplet. Ouvrez à nouveau le lien figurant dans l'e-mail.",
    toLogin: 'Aller à la connexion',
  },
  passwordReset: {
    heading: 'Réinitialiser votre mot de passe',
    intro:
      "Saisissez l'adresse e-mail de votre compte et nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: 'Adresse e-mail',
    submit: 'Envoyer le lien',
    backToLogin: 'Retour à la connexion',
    mailSentHeading: 'Consultez votre boîte de réception',
    mailSentText:
      'Si un compte existe pour {{email}}, nous lui avons envoyé un lien pour réinitialiser le mot de passe.',
    mailSentTextNoEmail:
      'Si un compte existe pour cette adresse, nous lui avons envoyé un lien pour réinitialiser le mot de passe.',
    newHeading: 'Choisir un nouveau mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Répéter le nouveau mot de passe',
    save: 'Enregistrer le mot de passe',
    missingToken:
      "Ce lien est incomplet. Ouvrez à nouveau le lien figurant dans l'e-mail ou demandez-en un nouveau.",
    requestNew: 'Demander un nouveau lien',
    confirmHeading: 'Mot de passe modifié',
    confirmText: 'Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.',
  },
  passwordPolicy: {
    checking: 'Vérification du mot de passe…',
    valid: 'Ce mot de passe remplit les exigences.',
    invalid: 'Ce mot de passe ne remplit pas les exigences.',
    hint: 'Utilisez au moins {{min}} caractères ; une phrase de passe convient bien. Évitez les mots de passe courants et votre adresse e-mail.',
    codes: {
      too_short: 'Le mot de passe est trop court.',
      too_long: 'Le mot de passe est trop long.',
      too_common: 'Ce mot de passe est trop courant ; choisissez-en un autre.',
      contains_email: 'Le mot de passe ne doit pas contenir votre adresse e-mail.',
      repetitive: 'Le mot de passe ne doit pas être un seul caractère répété.',
    },
  },
  changePassword: {
    heading: 'Changer le mot de passe',
    weakNotice:
      'Votre mot de passe ne remplit plus nos exigences. Veuillez en choisir un nouveau pour continuer.',
    current: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Répéter le nouveau mot de passe',
    submit: 'Changer le mot de passe',
    success: 'Votre mot de passe a été modifié.',
  },
  logout: {
    inProgress: 'Déconnexion en cours…',
  },
  dashboard: {
    greeting: 'Bonjour {{name}}',
    tabsLabel: 'Demandes de signature',
    tabs: {
      inbox: 'Boîte de réception',
      drafts: 'Brouillons',
      search: 'Recherche',
    },
    searchLabel: 'Rechercher des demandes de signature',
    filters: {
      label: 'Filtres et tri',
      toggle: 'Filtres et tri',
      status: 'Statut',
      statuses: {
        open: 'Ouverte',
        completed: 'Terminée',
        declined: 'Refusée',
        withdrawn: 'Retirée',
        expired: 'Expirée',
      },
      dateFrom: 'Du',
      dateTo: 'Au',
      timeMode: 'Les dates se rapportent à',
      timeModes: { updated: 'Dernière modification', created: 'Création' },
      sentByMe: 'Seulement les demandes que j’ai envoyées',
      sort: 'Trier par',
      sorts: {
        updated_at_desc: 'Dernière modification, plus récentes d’abord',
        updated_at_asc: 'Dernière modification, plus anciennes d’abord',
        created_at_desc: 'Création, plus récentes d’abord',
        created_at_asc: 'Création, plus anciennes d’abord',
        title_desc: 'Titre, de Z à A',
        title_asc: 'Titre, de A à Z',
      },
      pageSize: 'Demandes par page',
      reset: 'Réinitialiser les filtres',
    },
    status: {
      to_sign: 'À signer',
      waiting: 'En attente',
      cancelled: 'Annulée',
      completed: 'Terminée',
      draft: 'Brouillon',
    },
    list: {
      label: 'Demandes de signature',
      loading: 'Chargement des demandes de signature…',
      error: 'Les demandes de signature n’ont pas pu être chargées.',
      retry: 'Réessayer',
      empty: {
        inbox: 'Aucune demande de signature pour l’instant. Téléversez un document pour envoyer la première.',
        drafts: 'Aucun brouillon. Les demandes enregistrées avant l’envoi apparaissent ici.',
        search: 'Aucune demande de signature ne correspond à votre recherche et à vos filtres.',
      },
      upload: 'Téléverser un document',
      yourDraft: 'Votre brouillon, pas encore envoyé',
      sentByYou: 'Envoyée par vous',
      from: 'De {{email}}',
      progress: '{{signed}} sur {{total}} signé(s)',
      updated: 'Modifiée le {{date}}',
      created: 'Créée le {{date}}',
      total: 'Demandes trouvées : {{total}}',
    },
    drafts: {
      select: 'Sélectionner « {{title}} »',
      selectAll: 'Sélectionner tous les brouillons de cette page',
      delete: 'Supprimer « {{title}} »',
      deleteShort: 'Supprimer',
      deleteSelected: 'Supprimer les brouillons sélectionnés ({{count}})',
      deleted_one: 'Le brouillon a été supprimé.',
      deleted_other: '{{count}} brouillons ont été supprimés.',
    },
    duplicate: {
      action: 'Dupliquer « {{title}} »',
      short: 'Dupliquer',
      done: 'Une copie a été créée comme nouveau brouillon.',
    },
    pagination: {
      label: 'Pages des demandes de signature',
      previous: 'Page précédente',
      next: 'Page suivante',
      position: 'Page {{page}} sur {{pages}}',
    },
  },
  notBuilt: {
    heading: 'Pas encore construit',
    text: "Cet écran fait partie d'une version ultérieure de Countersign. Rien ne fonctionne encore ici.",
    back: 'Retour au tableau de bord',
  },
  error: {
    title: 'Page introuvable',
    subtitle: "La page que vous cherchez n'existe pas ou a été déplacée.",
    button: "Aller à la page d'accueil",
    illustration: 'Un panneau indicateur qui ne mène nulle part',
  },
  sorry: {
    heading: "Désolé, une erreur s'est produite",
    text: "Notre serveur n'a pas pu traiter votre demande. Veuillez réessayer dans un instant.",
    retry: 'Réessayer',
  },
  maintenance: {
    light: {
      text: 'Une maintenance est en cours ; certaines fonctions peuvent être lentes ou indisponibles.',
      link_text: "Plus d'informations",
    },
    heading: 'Maintenance en cours',
    text: 'Countersign est en cours de mise à jour. Veuillez revenir dans quelques minutes.',
    status: "Page d'état",
  },
  draftDialogs: {
    removeTitle: 'Retirer ce document ?',
    removeText:
      "« {{name}} » et les champs qui y sont placés seront retirés du brouillon. Un brouillon sans document ne peut être envoyé qu'une fois un document ajouté.",
    removeConfirm: 'Retirer',
    leaveTitle: 'Quitter cette page ?',
    leaveText:
      'Vos dernières modifications ne sont pas encore enregistrées. Si vous partez maintenant, elles ne restent que dans ce navigateur.',
    leaveConfirm: 'Quitter',
    stay: 'Rester',
    deleteTitle: 'Supprimer les documents ?',
    deleteText_one:
      'Le brouillon « {{titles}} » et ses documents seront supprimés. Cette action est irréversible.',
    deleteText_other:
      '{{count}} brouillons et leurs documents seront supprimés : {{titles}}. Cette action est irréversible.',
    deleteConfirm: 'Supprimer',
    keep: 'Conserver',
    invisibleTitle: 'Envoyer avec une signature invisible ?',
    invisibleText:
      '{{names}} n’a pas de champ de signature sur certains documents. Ces documents seront signés de manière invisible : la signature est dans le PDF mais n’apparaît sur aucune page.',
    invisibleConfirm: 'Envoyer quand même',
    placeFields: 'Placer d’abord les champs',
  },
  testSystem: {
    heading: 'Système de test',
    text: "Ceci est un système de test. Les signatures effectuées ici n'ont pas de valeur juridique et les données peuvent être supprimées à tout moment.",
    dismiss: "J'ai compris",
  },
  terms: {
    heading: 'Conditions générales',
    text: 'Veuillez accepter nos conditions générales et notre politique de confidentialité pour continuer à utiliser Countersign.',
    accept: 'Accepter et continuer',
    logout: 'Me déconnecter plutôt',
  },
  simplePages: {
    byeHeading: 'Au revoir',
    byeText: "Votre compte a été supprimé. Merci d'avoir utilisé Countersign.",
    expiredHeading: 'Lien expiré',
    expiredText: "Ce lien n'est plus valable.",
    cookiesHeading: 'Les cookies sont bloqués',
    cookiesText:
      'Countersign a besoin des cookies et du stockage local pour vous garder connecté. Veuillez les autoriser et recharger la page.',
  },
  business: {
    not_allowed: 'Seuls les admins de votre entreprise peuvent ouvrir ses pages.',
  },
  global: {
    error: {
      generic_support:
        'Une erreur est survenue. Veuillez réessayer, ou contactez notre support si cela se reproduit.',
    },
  },
  // spec 8's thrown messages (features/errors/action-failure.ts)
  actionFailures: {
    remindSigners: 'Échec de la relance des signataires',
    inviteSigner: 'Échec de l’invitation du signataire',
    addObserver: 'Échec de l’ajout de l’observateur',
    claimRequest: 'Échec de la reprise de la demande de signature',
  },
  apiErrors: {
    generic: "Une erreur s'est produite. Veuillez réessayer.",
    network: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    unavailable: 'Le service est temporairement indisponible. Veuillez réessayer sous peu.',
    invalidCredentials: "L'adresse e-mail ou le mot de passe est incorrect.",
    emailNotConfirmed:
      "Veuillez d'abord confirmer votre adresse e-mail. Le lien se trouve dans votre boîte de réception.",
    passwordUnchanged: 'Le nouveau mot de passe doit être différent de l’actuel.',
    wrongPassword: 'Le mot de passe actuel est incorrect.',
    tokenInvalid: "Ce lien n'est pas valable.",
    tokenUsed: 'Ce lien a déjà été utilisé.',
    ssoDomainNotVerified:
      "Aucune entreprise n'a configuré l'authentification unique pour le domaine de cette adresse e-mail.",
    ssoNotConfigured: "Votre entreprise n'a pas encore configuré l'authentification unique.",
    walletRequestUnknown: 'Cette demande au portefeuille n’est plus ouverte. Recommencez l’identification.',
    walletRequestExpired: 'La demande au portefeuille a expiré. Recommencez l’identification.',
    walletPresentationInvalid:
      'La réponse de votre portefeuille n’a pas pu être vérifiée. Veuillez réessayer.',
    walletIssuerUntrusted:
      'L’identité de votre portefeuille provient d’un émetteur que Countersign n’accepte pas.',
    walletCredentialExpired:
      'L’identité de votre portefeuille a expiré. Renouvelez-la dans le portefeuille, puis réessayez.',
    walletClaimsMissing:
      'Votre portefeuille n’a pas partagé votre nom et votre pays émetteur, nécessaires à la signature.',
    ssoFlowInvalid: 'Cette connexion a expiré ou a déjà été utilisée. Veuillez recommencer.',
    ssoTokenInvalid: "La réponse de votre fournisseur d'identité n'est pas fiable. Veuillez recommencer.",
    ssoProviderRefused: "Votre fournisseur d'identité n'a pas autorisé la connexion.",
    ssoProviderUnavailable:
      "Votre fournisseur d'identité ne répond pas pour le moment. Veuillez réessayer plus tard.",
    ssoEmailNotVerified: "Votre fournisseur d'identité n'a pas confirmé votre adresse e-mail.",
    ssoMemberOfAnother: 'Votre compte appartient à une autre entreprise.',
    ssoLinkInvalid: "Cette connexion a expiré. Veuillez vous reconnecter via votre fournisseur d'identité.",
    ssoRequired: "Votre entreprise exige la connexion via son fournisseur d'identité.",
    ssoIssuerInvalid: "L'émetteur doit être une adresse https://.",
    eidClaimsMissing: "Votre eID n'a pas confirmé votre nom et votre date de naissance.",
    eidAddressTaken:
      'Un compte existe déjà pour cette adresse e-mail. Connectez-vous-y et connectez votre eID dans votre profil.',
    eidIdentityTaken: 'Cette eID est déjà connectée à un autre compte.',
    eidNotConnected: 'Aucune eID de ce type n’est connectée à votre compte.',
    eidLastWayIn:
      'Votre eID est le seul accès à votre compte. Définissez d’abord un mot de passe (« Mot de passe oublié »), puis déconnectez-la.',
    eidFieldImmutable:
      'Votre nom et votre date de naissance proviennent de votre eID et ne peuvent pas être modifiés.',
    tokenExpired: 'Ce lien a expiré. Veuillez en demander un nouveau.',
    observerNotFound: 'Cet observateur ne figure plus dans la demande.',
    tooManyRequests: 'Trop de tentatives. Veuillez patienter un instant et réessayer.',
    validation: 'Certains champs ne sont pas valides. Veuillez vérifier vos saisies.',
    alreadyTakesPart: "Cette personne participe déjà à la demande. Veuillez choisir quelqu'un d'autre.",
    alreadyObserver: 'Cette personne observe déjà la demande.',
    requestChanged:
      'La demande a changé entre-temps (signée, refusée ou retirée). Veuillez recharger la page.',
    requestForbidden: "Vous n'avez pas le droit de faire cela avec cette demande.",
    requestNotFound: "Cette demande de signature n'existe plus.",
    notFound: "Cet élément n'existe plus ou ne vous est pas accessible.",
    invalidFile:
      "Ce fichier ne peut pas être utilisé. Veuillez choisir un fichier lisible, non protégé et d'un type accepté.",
    fileTooLarge: 'Le fichier est trop volumineux.',
    // business accounts (the console and its dialogs)
    // qualified signatures at a trust service provider (ADR 076)
    cello: {
      alreadyReferred: 'Ce compte a déjà été recommandé par quelqu’un d’autre.',
    },
    mobileId: {
      unavailable:
        'Mobile ID ne peut pas confirmer cette signature pour le moment (indisponible, ou le numéro n’a pas de Mobile ID actif).',
      notAdvanced: 'Mobile ID ne confirme que des signatures avancées.',
      numberMissing: 'Veuillez saisir le numéro de mobile pour la confirmation.',
      notPending: 'Aucune confirmation Mobile ID n’est en attente. Veuillez recommencer.',
      refused: 'Vous avez refusé la demande sur votre téléphone. Rien n’a été signé.',
      timeout: 'La demande sur votre téléphone a expiré. Veuillez recommencer.',
    },
    qualified: {
      qtspUnavailable:
        "Le service de signature du prestataire de confiance ne répond pas. Rien n'a été signé ; veuillez réessayer sous peu.",
      qtspRefused:
        'Le prestataire de confiance a refusé la signature. Veuillez réessayer plus tard ou contacter le support.',
      authorisationExpired:
        'Votre autorisation auprès du prestataire de confiance a expiré. Veuillez autoriser la signature à nouveau.',
      credentialLocked:
        'Votre moyen de signature est bloqué après trop de codes erronés. Veuillez réessayer plus tard.',
      authorisationDenied: 'La signature a été annulée auprès du prestataire de confiance.',
      authorisationInvalid: "Cette autorisation n'est plus valable. Veuillez recommencer la signature.",
      redirectNotPending: "Aucune signature n'attend cette autorisation. Veuillez recommencer la signature.",
      notQualified: 'Seules les signatures qualifiées sont créées auprès du prestataire de confiance.',
      directSignDisabled:
        "La signature via le prestataire de confiance n'est pas activée pour les signataires par lien de cette entreprise.",
      serialNumberMismatch:
        'Votre certificat de signature auprès du prestataire a été renouvelé après la préparation de cette signature. Rien n’a été signé : veuillez signer à nouveau.',
      pwdotpRequired:
        'Votre mot de passe auprès du prestataire de signature et le code qu’il vous a envoyé sont nécessaires : veuillez les saisir.',
      passwordInvalid:
        'Le mot de passe auprès du prestataire de signature est erroné. Plusieurs essais erronés bloquent votre certificat de signature.',
      passwordWeak:
        'Veuillez choisir un mot de passe de 8 à 64 caractères comportant au moins une lettre et un chiffre.',
    },
    directTan: {
      missing: 'Aucun code ne vous attend. Veuillez en demander un nouveau.',
      resendLimit:
        'Cinq codes ont été envoyés durant la dernière heure. Veuillez patienter avant d’en demander un autre.',
      required: 'Cette demande vous invite à confirmer avec un code envoyé par e-mail avant de signer.',
    },
    verification: {
      cancelled: 'Vous avez annulé cette confirmation. Veuillez demander un nouveau code.',
    },
    part11: {
      accountRequired:
        'Une signature Part 11 se fait avec un compte : veuillez vous connecter ou créer un compte.',
      reauthenticationRequired: 'Veuillez saisir votre mot de passe et le code que nous vous avons envoyé.',
      meaningRequired:
        'Veuillez indiquer votre nom en toutes lettres et la signification de votre signature.',
      passwordInvalid: 'Le mot de passe est incorrect.',
      codeMissing: 'Aucun code ne vous attend. Veuillez vous en envoyer un nouveau.',
      codeInvalid: 'Le code est incorrect. Veuillez le vérifier et réessayer.',
      codeExpired: 'Le code a expiré. Veuillez vous en envoyer un nouveau.',
      codeLocked: 'Trop de tentatives erronées. Veuillez vous envoyer un nouveau code.',
      codeLimit:
        'Cinq codes ont été envoyés durant la dernière heure. Veuillez patienter avant d’en demander un autre.',
      notRequired: 'Cette demande ne vous demande pas de signature Part 11.',
    },
    embeddedSigning: {
      noOrigins: 'Votre entreprise n’autorise encore aucun site à intégrer sa page de signature.',
      signerNotPending: 'Ce signataire n’a plus rien à signer.',
    },
    template: {
      forbidden: 'Seul le propriétaire de ce modèle, ou un admin de votre entreprise, peut le modifier.',
      limitReached: 'Vous avez déjà autant de modèles que permis. Supprimez-en un d’abord.',
      sourceNotDraft: 'Seul un brouillon peut être enregistré comme modèle.',
      noDocuments: 'Ce modèle n’a pas encore de documents.',
      invalidField: 'Un champ du modèle n’est pas placé correctement.',
      roleInUse: 'Des champs sont placés pour ce rôle. Retirez-les d’abord.',
      roleMissing: 'Indiquez une personne ou un groupe de signataires pour chaque rôle.',
      roleUnknown: 'Le modèle n’a pas ce rôle.',
      fieldUnknown: 'Une valeur a été donnée pour un champ qui ne peut pas être rempli à l’avance.',
    },
    bulkSend: {
      csvInvalid: 'Le fichier CSV ne peut pas être lu. Vérifiez sa ligne d’en-tête et ses guillemets.',
      tooManyRows: 'Le fichier CSV a plus de lignes que votre abonnement n’en permet par envoi groupé.',
      alreadyStarted: 'Cet envoi groupé a déjà été lancé.',
      nothingToSend: 'Aucune ligne du fichier CSV n’est sans erreur.',
    },
    group: {
      forbidden: 'Seuls les admins de votre entreprise peuvent modifier ses groupes de signataires.',
      limitReached: 'Votre entreprise a déjà autant de groupes de signataires que permis.',
      tooManyMembers: 'Ce groupe de signataires a plus de membres que votre entreprise ne le permet.',
      nameTaken: 'Votre entreprise a déjà un groupe de signataires de ce nom.',
    },
    business: {
      sealNameTaken: "L'entreprise a déjà un cachet de ce nom de compte.",
      sealQualityNotAvailable:
        "Les cachets qualifiés ne sont pas disponibles sur ce service : il n'a pas de prestataire de signature à distance.",
      apiUserLimit: "Votre entreprise a autant d'utilisateurs API qu'elle peut en avoir (50).",
      lastAdmin: "Une entreprise a besoin d'un admin: le dernier admin ne peut ni se retirer ni être retiré.",
      alreadyMember: 'Fait déjà partie de votre entreprise.',
      memberOfAnother:
        "Fait déjà partie d'une autre entreprise: une personne appartient à une seule entreprise au plus.",
      invitationDuplicate: 'Cette personne a déjà été invitée.',
      invitationNotFound: "Cette invitation n'existe plus.",
      memberNotFound: "Cette personne ne fait plus partie de l'entreprise. Veuillez recharger la page.",
      domainInvalid: "Ce n'est pas un nom de domaine qui peut être revendiqué.",
      domainTaken: 'Ce domaine appartient à une autre entreprise.',
      surveyNotDue: 'Le sondage vient après votre première demande envoyée pour votre entreprise.',
      surveySettled: 'Vous avez déjà répondu à ce sondage.',
      domainCheckUnavailable:
        'La vérification DNS est indisponible pour le moment. Veuillez réessayer plus tard.',
      aes4bizIncomplete:
        "AES for business demande d'abord le nom et l'e-mail du représentant, le registre du commerce et un domaine.",
      aes4bizDomainUnverified: 'Seuls les domaines vérifiés de votre entreprise sont possibles.',
      sealOrganisationUnverified:
        'Un cachet nomme votre entreprise : son nom, son numéro au registre du commerce et son pays doivent d’abord être vérifiés. Demandez la vérification dans le profil de l’entreprise.',
      verificationIncomplete:
        'Indiquez le numéro au registre du commerce de votre entreprise pour la faire vérifier.',
      logoInvalid: 'Cette image ne peut pas être utilisée. Veuillez choisir une image PNG, JPEG ou WebP.',
      settingNotSupported: 'Ce paramètre ne peut pas encore être modifié.',
      embeddingOriginInvalid:
        'Chaque origine autorisée à intégrer la signature doit être exactement https://hôte ou https://hôte:port (http:// seulement pour localhost).',
      redirectOriginInvalid: 'Chaque origine doit être exactement https://hôte ou https://hôte:port.',
      deletionNotScheduled: "Aucune suppression n'est planifiée.",
      deletionPending:
        "L'entreprise est en cours de suppression. Rien de nouveau ne peut être signé ou envoyé pour elle tant qu'un administrateur n'a pas annulé la suppression.",
      rejoinNeedsInvitation:
        "Vous avez été retiré de cette entreprise. Demandez une nouvelle invitation à l'un de ses administrateurs.",
      notFound: "Cette entreprise n'existe plus, ou vous n'en faites plus partie.",
      forbidden: "Seuls les admins de l'entreprise peuvent le faire.",
    },
    // plans, billing and seats
    billing: {
      planNotPurchasable: 'Ce plan ne peut pas être acheté ici. Contactez-nous pour un plan entreprise.',
      seatsOutOfRange: 'Ce nombre de places n’est pas disponible avec ce plan.',
      seatsBelowPeople:
        'Il y a plus de personnes et d’invitations ouvertes que de places. Retirez d’abord quelqu’un.',
      seatsExhausted: 'Toutes les places sont prises. Ajoutez des places avant d’inviter d’autres personnes.',
      staleTimestamp: 'Le plan a été modifié entre-temps. Rechargez-le et réessayez.',
      notAnUpgrade: 'Un plan inférieur commence à la fin de la période en cours.',
      noSubscription: 'Il n’y a pas encore de plan payant à modifier. Choisissez d’abord un plan.',
      notTrialing: 'La période d’essai est déjà terminée.',
      currencyNotOffered: 'Les plans sont vendus ici uniquement dans la devise de la plateforme.',
      memberOfBusiness: 'Votre plan est celui de votre entreprise. Adressez-vous à son admin.',
      promoNotFound: 'Ce code promo n’existe pas.',
      promoExpired: 'Ce code promo a expiré.',
      promoUsedUp: 'Ce code promo est épuisé.',
      promoNotApplicable: 'Ce code promo ne s’applique pas à ce plan.',
      referralNotFound: 'Ce code de parrainage n’existe pas.',
      referralProgrammeOff:
        'Votre entreprise ne participe pas au programme de parrainage. Un administrateur peut l’activer dans les paramètres de l’entreprise.',
      referralUsed: 'Un code de parrainage a déjà été utilisé pour ce compte.',
      referralOwn: 'Vous ne pouvez pas utiliser le code de parrainage de votre propre entreprise.',
      vatInvalid: 'Ce numéro de TVA ne correspond pas au format du pays de facturation.',
      addressRequired: 'Enregistrez d’abord l’adresse de facturation de l’entreprise.',
      paymentMethodRequired: 'Ajoutez d’abord une carte de paiement.',
      paymentDeclined: 'Le paiement a été refusé. Rien n’a été modifié. Essayez une autre carte.',
      paymentPending: 'Un paiement précédent attend la confirmation de votre banque.',
      signaturesExhausted: 'Vous avez utilisé toutes les signatures de ce niveau pour cette période.',
      uploadNotInPlan: 'Le plan gratuit ne permet pas d’envoyer des documents. Passez à un plan payant.',
      businessLocked: 'Votre entreprise n’a pas de plan actif. Un admin doit choisir un plan et payer.',
    },
  },
};
