package core

// StillYMClock makes m's YM2151 timers stand still, as the official emulator's do while
// the KERNAL boots (TestStartFrameWithStillYMClock; ym.go's stillClock).
func StillYMClock(m *Machine) { m.bus.ym.stillClock = true }
