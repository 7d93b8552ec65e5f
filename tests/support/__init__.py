"""What the tests share: the one local server, the one crawl runner, the test site, stand-in engines, Mozilla's harness."""
