"""The error catalogue's pages, the troubleshooting page's box, the inventory section and the matcher's index file."""
