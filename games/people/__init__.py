"""Tables of people: members play each other, each from their own device, bots in the other seats."""
