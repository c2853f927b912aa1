package perf

import "fmt"

// SetZones replaces the zone list: address zones (in definition order, later ones win where
// they overlap) and region names (entries with Marker set). The lookup table is rebuilt here,
// never on the hot path. The frame in progress keeps its cycles: those charged to the old
// zones move to other (work zones) or wait (idle zones), so its buckets still sum to its
// cycles. Zone columns of past frames are cleared (zone ids change meaning); the fixed and
// region columns are kept.
func (p *Profiler) SetZones(zones []Zone) error {
	var list []Zone
	names := p.regionNames
	for i := range zones {
		z := zones[i]
		if err := z.check(i); err != nil {
			return err
		}
		if z.Marker != 0 {
			names[z.Marker] = z.Name
			continue
		}
		list = append(list, z)
	}
	if len(list) > MaxZones {
		return fmt.Errorf("%d zones: at most %d are supported", len(list), MaxZones)
	}
	for i, z := range p.zoneList {
		c := p.acc[zoneBase+i]
		p.acc[zoneBase+i] = 0
		if z.Idle {
			p.acc[BucketWait] += c
		} else {
			p.acc[BucketOther] += c
		}
	}
	p.regionNames = names
	p.zoneList = list
	p.zones.build(list)
	p.hist.init(len(list))
	if p.spans {
		p.rewatch()
	}
	return nil
}

// AddZones appends zones to the current list (so they win over it where they overlap).
func (p *Profiler) AddZones(zones []Zone) error {
	all := make([]Zone, 0, len(p.zoneList)+len(zones))
	all = append(all, p.zoneList...)
	return p.SetZones(append(all, zones...))
}

// Zones returns a copy of the address zones, in definition order.
func (p *Profiler) Zones() []Zone { return append([]Zone(nil), p.zoneList...) }

// NameRegion names marker region n (1-$6F) before or after the guest first enters it.
func (p *Profiler) NameRegion(n int, name string) error {
	if n < 1 || n > MaxRegion {
		return fmt.Errorf("region %d out of range 1-%d", n, MaxRegion)
	}
	p.regionNames[n] = name
	return nil
}

// RegionName is region n's name: the client's, or "region n".
func (p *Profiler) RegionName(n int) string {
	if n >= 1 && n <= MaxRegion && p.regionNames[n] != "" {
		return p.regionNames[n]
	}
	return fmt.Sprintf("region %d", n)
}

// BucketName names bucket b for breakdowns.
func (p *Profiler) BucketName(b int) string {
	switch {
	case b == BucketOther:
		return "other"
	case b == BucketWait:
		return "wait"
	case b == BucketIRQ:
		return "irq"
	case b < zoneBase:
		return p.RegionName(b - regionBase)
	case b-zoneBase < len(p.zoneList):
		return p.zoneList[b-zoneBase].Name
	}
	return fmt.Sprintf("bucket %d", b)
}

// bucketKind classifies bucket b, and tells whether its cycles are waiting.
func (p *Profiler) bucketKind(b int) (Kind, bool) {
	switch {
	case b == BucketOther:
		return KindOther, false
	case b == BucketWait:
		return KindWait, true
	case b == BucketIRQ:
		return KindIRQ, false
	case b < zoneBase:
		return KindRegion, false
	}
	return KindZone, p.zoneList[b-zoneBase].Idle
}
