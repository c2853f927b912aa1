package overlay

// LoadCard puts the SD card image in a file's bytes in the slot (Session.LoadCard) and
// shows the machine it restarted. A card that went in but could not be booted or served
// (session.ErrCardBoot) is in all the same: the charts follow the new machine either way.
func (u *UI) LoadCard(name string, data []byte, readOnly bool) error {
	before := u.s.Profiler()
	err := u.s.LoadCard(name, data, readOnly)
	if u.s.Profiler() != before {
		u.selected = 0
		u.zoneGen++
		u.refreshZones()
		u.dirty = true
	}
	return err
}
