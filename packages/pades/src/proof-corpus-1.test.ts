import { describeCorpusProof } from './test-support/corpus-proof.js';

describeCorpusProof(0, 2);
