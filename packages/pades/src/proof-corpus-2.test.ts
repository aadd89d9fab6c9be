import { describeCorpusProof } from './test-support/corpus-proof.js';

describeCorpusProof(1, 2);
