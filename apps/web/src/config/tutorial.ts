/**
 * The dashboard's tutorial video (SPEC.md §1). The server knows `TUTORIAL_URL` but does not
 * publish it yet, so the web build carries its own copy (the server's default).
 */
export const tutorialUrl = 'https://www.youtube.com/results?search_query=sales+deck+tutorial';
