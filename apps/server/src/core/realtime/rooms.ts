/** The socket.io room of one user's open pages: the import wizard joins it, snapshot events go to it. */
export const userRoom = (userId: number) => `user:${userId}`;
