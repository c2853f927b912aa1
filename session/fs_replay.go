package session

import "x16scope/core"

// replayFS is the front end's own host file system (Options.FS, the CLI's --fs folder) as a
// machine rebuilt only to look at it sees it (a capture's, a reverse debugger scan's): it
// reads the files, and what the program writes again on the way is not written a second
// time. A program that reads back in those frames what it wrote in them reads the file as
// it is (a keyframe holds no copy of a folder on disk).
type replayFS struct{ core.FileSystem }

func (replayFS) WriteFile(string, []byte) error { return nil }
func (replayFS) Remove(string) error            { return nil }
func (replayFS) Mkdir(string) error             { return nil }
func (replayFS) Rename(string, string) error    { return nil }
