package overlay

import (
	"strings"

	"x16scope/perf"
)

// bucketInfo is perf.Profiler.BucketInfo with names the reader can tell apart in the bar
// legend: a zone or marker region named like one of the built-in buckets (a routine called
// "wait" in a label file, a region called "irq") is named `wait (zone)` or `irq (region)`,
// so the legend never shows two "wait" entries. (The inspector writes every row's kind
// beside its name already.)
func bucketInfo(p *perf.Profiler, b int) (string, perf.Kind, bool) {
	name, kind, idle := p.BucketInfo(b)
	if kind == perf.KindZone || kind == perf.KindRegion {
		for _, builtin := range [...]string{"other", "wait", "irq"} {
			if strings.EqualFold(strings.TrimSpace(name), builtin) {
				if kind == perf.KindZone {
					return name + " (zone)", kind, idle
				}
				return name + " (region)", kind, idle
			}
		}
	}
	return name, kind, idle
}
