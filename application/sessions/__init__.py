"""Named operations on conversations (rename, pin, duplicate, move, delete, titles): Qt-free."""
