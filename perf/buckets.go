package perf

import "fmt"

// Every cycle is charged to exactly one bucket (PROFILER.md section 2). A bucket is a small
// integer: three fixed buckets, then one slot per marker region id, then the address zones.
// Region slots are reserved up front so that a region first seen mid-run claims its slot
// without growing any array on the marker path.
const (
	BucketOther = 0 // work that nothing named
	BucketWait  = 1 // automatic wait detection, or a framed guest between $F1 and $F0
	BucketIRQ   = 2 // an interrupt handler is open

	// MaxRegion is the highest marker region id ($01-$6F, PROFILER.md section 3).
	MaxRegion = 0x6F
	// regionBase + n is the bucket of marker region n.
	regionBase = BucketIRQ
	// zoneBase is the bucket of the first address zone.
	zoneBase = regionBase + MaxRegion + 1
	// MaxZones bounds the address zones (routines from a symbol file, zones from JSON).
	MaxZones = 1024

	// bucketSpace is the accumulator size: a power of two above zoneBase+MaxZones, so that
	// masking the index lets the compiler drop the bounds check on the hot path.
	bucketSpace = 2048
	bucketMask  = bucketSpace - 1
	// waitBit marks a bucket code whose cycles are waiting (BucketWait, idle zones). It is
	// carried in the code, not looked up, so charging a cycle needs no second table.
	waitBit uint16 = 0x8000

	// routineBit marks the code of a zone made from a symbol file's routine (Zone.Routine):
	// its cycles are work charged to the routine unless automatic detection says waiting.
	routineBit uint16 = 0x4000

	codeOther = BucketOther
	codeWait  = BucketWait | waitBit
	codeIRQ   = BucketIRQ
)

// RegionBucket is the bucket of marker region n (1-$6F).
func RegionBucket(n int) int { return regionBase + n }

// ZoneBucket is the bucket of address zone i (0-based, in definition order).
func ZoneBucket(i int) int { return zoneBase + i }

// Kind of a bucket, as shown in breakdowns.
type Kind uint8

const (
	KindOther Kind = iota
	KindWait
	KindIRQ
	KindRegion
	KindZone
)

var kindNames = [...]string{"other", "wait", "irq", "region", "zone"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// MarshalText makes a Kind read as its name in JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
