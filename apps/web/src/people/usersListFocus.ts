/** The users list's element id: the blinking request count brings it into view. */
export const USERS_LIST_ID = 'users-list';

/** Scrolls the users list into view, focuses it and makes it glow briefly. */
export const showUsersList = (): void => {
  const list = document.getElementById(USERS_LIST_ID);
  if (!list) return;
  list.scrollIntoView({ block: 'start', behavior: 'smooth' });
  list.focus({ preventScroll: true });
  list.classList.remove('users--flash');
  // Restart the animation even when it ran a moment ago.
  void list.offsetWidth;
  list.classList.add('users--flash');
};
