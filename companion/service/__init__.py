"""Between the store and the front ends: a session's pad (store + engine), export and import,
the session format's schema."""
