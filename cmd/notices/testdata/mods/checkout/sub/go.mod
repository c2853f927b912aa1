module example.com/repo/sub
