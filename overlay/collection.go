package overlay

// The launcher's actions (a collection's programs, session/collection.go), with the same
// bookkeeping as a load: a new machine means a new profiler, so the selection goes.

// StartProgram starts a program of the loaded collection by its path or name.
func (u *UI) StartProgram(name string) error {
	return u.newMachine(func() error { return u.s.StartProgram(name) })
}

// BackToCollection leaves the running program for the collection's list.
func (u *UI) BackToCollection() error {
	return u.newMachine(u.s.BackToCollection)
}

func (u *UI) newMachine(f func() error) error {
	err := f()
	if err == nil {
		u.selected = 0
		u.zoneGen++
		u.refreshZones()
		u.dirty = true
	}
	return err
}
