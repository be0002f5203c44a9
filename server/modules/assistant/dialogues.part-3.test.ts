import { describeDialogues } from '@tests/helpers/dialogue-suite'

// The shared dialogues, part 3 of 4 (tests/helpers/dialogue-suite.ts deals the files out).
describeDialogues(3)
