// Identification texts (fr-ch).
import type { IdentMessages } from '../messages.js';

export const identFrCh: IdentMessages = {
  ident: {
    needed: {
      heading: 'Identifiez-vous pour signer',
      aes: 'Cette demande exige une signature avancée. Confirmez une fois votre identité, puis signez.',
      qes: 'Cette demande exige une signature qualifiée. Confirmez une fois votre identité, puis signez avec un code reçu par SMS.',
      start: 'M’identifier',
      inProgress: 'Votre identification est en cours.',
      account: 'Identifiez-vous dans votre profil, puis revenez à cette demande.',
    },
    choose: {
      idaustria: 'ID Austria',
      eidplus: 'eID+',
      heading: 'Choisissez comment vous identifier',
      lead: 'Un prestataire d’identification vérifie qui vous êtes. Countersign signe ensuite avec le nom confirmé.',
      eidas: 'Identification pour les signatures selon eIDAS (Union européenne)',
      zertes: 'Identification pour les signatures selon SCSE (Suisse)',
      self: 'Identification automatique',
      selfText: 'Photographiez votre pièce d’identité et votre visage ; environ cinq minutes.',
      video: 'Identification par vidéo',
      videoText: 'Une personne vérifie votre pièce d’identité lors d’un court appel vidéo.',
      auto: 'Identification automatique',
      autoText: 'Photographiez votre pièce d’identité et votre visage ; environ cinq minutes.',
      wallet: 'Portefeuille d’identité numérique',
      walletText:
        'Partagez votre nom et votre pays depuis l’identité de votre portefeuille européen d’identité numérique ou de votre e-ID suisse. Valable pour les signatures avancées.',
      personalDetails: 'Vérifier d’abord votre nom',
      back: 'Retour à la demande',
    },
    start: {
      heading: 'Commencer l’identification',
      lead: 'Vous allez être redirigé vers le prestataire d’identification. Ensuite, vous revenez ici.',
      start: 'Aller chez le prestataire d’identification',
      other: 'Choisir une autre méthode',
      failed: 'L’identification n’a pas pu commencer. Veuillez réessayer.',
    },
    details: {
      heading: 'Votre nom',
      lead: 'Le prestataire d’identification compare ce nom avec votre pièce d’identité.',
      continue: 'Continuer',
    },
    wallet: {
      heading: 'Vous identifier avec votre portefeuille d’identité numérique',
      text: 'Votre portefeuille vous montre ce que Countersign demande (prénom, nom et pays émetteur) et ne partage que cela, une fois que vous acceptez. Cela vaut pour les signatures avancées.',
      start: 'Ouvrir mon portefeuille',
    },
    standards: {
      heading: 'Standards de signature',
      identifications: 'Vos identifications',
    },
    status: {
      heading: 'Votre identification',
      none: 'Vous n’avez pas encore commencé d’identification pour cette demande.',
      initialized: 'Votre identification a commencé. Terminez-la chez le prestataire d’identification.',
      inprogress: 'Votre identification est en cours. Cette page se met à jour toute seule.',
      success: 'Votre identité est confirmée. Vous pouvez maintenant signer.',
      failure: 'Le prestataire d’identification n’a pas pu confirmer votre identité.',
      cancelled: 'L’identification a été annulée.',
      continue: 'Continuer chez le prestataire d’identification',
      cancel: 'Annuler l’identification',
      again: 'Réessayer',
      toSign: 'Aller au document et signer',
    },
  },
};
