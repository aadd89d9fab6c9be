// Identification texts (it).
import type { IdentMessages } from '../messages.js';

export const identIt: IdentMessages = {
  ident: {
    needed: {
      heading: 'Identificatevi per firmare',
      aes: 'Questa richiesta chiede una firma avanzata. Confermate una volta la vostra identità, poi firmate.',
      qes: 'Questa richiesta chiede una firma qualificata. Confermate una volta la vostra identità, poi firmate con un codice ricevuto via SMS.',
      start: 'Identificarmi',
      inProgress: 'La vostra identificazione è in corso.',
      account: 'Identificatevi nel vostro profilo, poi tornate a questa richiesta.',
    },
    choose: {
      idaustria: 'ID Austria',
      eidplus: 'eID+',
      heading: 'Scegliete come identificarvi',
      lead: 'Un fornitore di identificazione verifica chi siete. Countersign firma poi con il nome confermato.',
      eidas: 'Identificazione per firme secondo eIDAS (Unione europea)',
      zertes: 'Identificazione per firme secondo FiEle (Svizzera)',
      self: 'Identificazione automatica',
      selfText: 'Fotografate il documento d’identità e il viso; circa cinque minuti.',
      video: 'Identificazione video',
      videoText: 'Una persona verifica il vostro documento d’identità in una breve videochiamata.',
      auto: 'Identificazione automatica',
      autoText: 'Fotografate il documento d’identità e il viso; circa cinque minuti.',
      wallet: 'Portafoglio di identità digitale',
      walletText:
        'Condividete nome e paese dall’identità nel vostro portafoglio europeo di identità digitale o nella vostra e-ID svizzera. Vale per le firme avanzate.',
      personalDetails: 'Controllate prima il vostro nome',
      back: 'Torna alla richiesta',
    },
    start: {
      heading: 'Avviare l’identificazione',
      lead: 'Sarete indirizzati al fornitore di identificazione. Al termine tornerete qui.',
      start: 'Vai al fornitore di identificazione',
      other: 'Scegliere un altro metodo',
      failed: 'Non è stato possibile avviare l’identificazione. Riprovate.',
    },
    details: {
      heading: 'Il vostro nome',
      lead: 'Il fornitore di identificazione confronta questo nome con il vostro documento d’identità.',
      continue: 'Continua',
    },
    wallet: {
      heading: 'Identificatevi con il vostro portafoglio di identità digitale',
      text: 'Il portafoglio vi mostra ciò che Countersign chiede (nome, cognome e paese di rilascio) e condivide solo questo, dopo il vostro consenso. Vale per le firme avanzate.',
      start: 'Apri il mio portafoglio',
    },
    standards: {
      heading: 'Standard di firma',
      identifications: 'Le vostre identificazioni',
    },
    status: {
      heading: 'La vostra identificazione',
      none: 'Non avete ancora avviato un’identificazione per questa richiesta.',
      initialized: 'La vostra identificazione è stata avviata. Completatela presso il fornitore.',
      inprogress: 'La vostra identificazione è in corso. Questa pagina si aggiorna da sola.',
      success: 'La vostra identità è confermata. Ora potete firmare.',
      failure: 'Il fornitore non ha potuto confermare la vostra identità.',
      cancelled: 'L’identificazione è stata annullata.',
      continue: 'Continua presso il fornitore di identificazione',
      cancel: 'Annulla l’identificazione',
      again: 'Riprova',
      toSign: 'Vai al documento e firma',
    },
  },
};
