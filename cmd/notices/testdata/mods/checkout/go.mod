module example.com/repo
