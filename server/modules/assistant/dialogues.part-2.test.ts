import { describeDialogues } from '@tests/helpers/dialogue-suite'

// The shared dialogues, part 2 of 4 (tests/helpers/dialogue-suite.ts deals the files out).
describeDialogues(2)
