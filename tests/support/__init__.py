"""What the tests share: the one local server, the one crawl runner, test sites, stand-in engines, Mozilla's harness."""
