//go:build !linux

package capture

func cpuNow() int64 { return 0 }
