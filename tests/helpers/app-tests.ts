import { configure } from '@testing-library/dom'

// The screens' tests wait for what a query's answer draws (findBy…, waitFor). Testing Library's
// default of 1 s is shorter than a loaded CI machine can take to run two queries one after the
// other and render twice (the booking page's payment waits for its status): a page that answers
// within 5 s passes, and one that never draws still fails.
configure({ asyncUtilTimeout: 5_000 })
