/**
 * The file descriptor a bounded process may write messages to, one line each. It is neither stdout
 * nor stderr, so whatever the lab prints cannot be mistaken for a message.
 */
export const MESSAGE_FD = 3;
