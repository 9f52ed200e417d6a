"""Browser tests: Playwright for Python driving Debian's Chromium against the real server."""
