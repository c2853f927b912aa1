package vera

// The VERA RTL release this package follows: the bus model (busmodel.go), the renderer and the
// registers are read from github.com/X16Community/vera-module at this tag, and the version
// readout (DCSEL 2-63: 'V', major, minor, build) reports it, so a program that prints the VERA
// version names the hardware whose bus costs the profiler shows. Change both together.
//
// The source at tag v47.0.2 still has the literals 47, 0, 0 in top.v (the commit before the
// tag bumped only the major number); the release built from it, and the official emulator,
// report 47.0.2 (docs/HARDWARE-NOTES.md).
const (
	RTLMajor = 47
	RTLMinor = 0
	RTLBuild = 2
)

// RTLTag is the vera-module tag the model follows, spelled from the numbers above (a test
// checks they agree).
const RTLTag = "v47.0.2"
