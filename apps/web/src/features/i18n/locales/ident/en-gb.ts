// Identification texts in British English: what a signer sees when a request asks for an
// advanced or qualified signature they cannot give yet, and the link holder's identification
// screens (/direct-sign/identification/...).
export const identEnGb = {
  ident: {
    needed: {
      heading: 'Identify yourself to sign',
      aes: 'This request asks for an advanced signature. Confirm your identity once, then sign.',
      qes: 'This request asks for a qualified signature. Confirm your identity once, then sign with a code sent to your phone.',
      start: 'Identify yourself',
      inProgress: 'Your identification is in progress.',
      account: 'Identify yourself in your profile, then come back to this request.',
    },
    choose: {
      idaustria: 'ID Austria',
      eidplus: 'eID+',
      heading: 'Choose how to identify yourself',
      lead: 'An identity provider checks who you are. Countersign then signs with the name it confirms.',
      eidas: 'Identification for signatures under eIDAS (European Union)',
      zertes: 'Identification for signatures under ZertES (Switzerland)',
      self: 'Automated identification',
      selfText: 'Photograph your identity document and your face; takes about five minutes.',
      video: 'Video identification',
      videoText: 'An agent checks your identity document in a short video call.',
      auto: 'Automated identification',
      autoText: 'Photograph your identity document and your face; takes about five minutes.',
      wallet: 'Digital identity wallet',
      walletText:
        'Share your name and country from the identity in your EU Digital Identity Wallet or Swiss e-ID. Good for advanced signatures.',
      personalDetails: 'Check your name first',
      back: 'Back to the request',
    },
    start: {
      heading: 'Start the identification',
      lead: 'You will be taken to the identity provider. When you are done there, you come back here.',
      start: 'Go to the identity provider',
      other: 'Choose another method',
      failed: 'The identification could not be started. Please try again.',
    },
    details: {
      heading: 'Your name',
      lead: 'The identity provider compares this name with your identity document.',
      continue: 'Continue',
    },
    wallet: {
      heading: 'Identify with your digital identity wallet',
      text: 'Your wallet shows you what Countersign asks for (your given name, family name and issuing country) and shares only that, once you agree. It counts for advanced signatures.',
      start: 'Open my wallet',
    },
    standards: {
      heading: 'Signature standards',
      identifications: 'Your identifications',
    },
    status: {
      heading: 'Your identification',
      none: 'You have not started an identification for this request yet.',
      initialized: 'Your identification has been started. Complete it at the identity provider.',
      inprogress: 'Your identification is in progress. This page updates by itself.',
      success: 'Your identity is confirmed. You can now sign.',
      failure: 'The identity provider could not confirm your identity.',
      cancelled: 'The identification was cancelled.',
      continue: 'Continue at the identity provider',
      cancel: 'Cancel the identification',
      again: 'Try again',
      toSign: 'Go to the document and sign',
    },
  },
} as const;
