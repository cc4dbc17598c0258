//! The kingme web server: serves the site and runs online rooms.
