package overlay

import (
	"cmp"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"x16scope/perf"
)

// The routine table of the call profile panel: every routine of the selected frame, or
// of the window, with its calls, inclusive and exclusive cycles and the most inclusive
// cycles it had in one frame, sortable by each; the selected routine's callers and
// callees under it. The page shows the markup RoutineTableHTML makes; a click on a header
// (data-sort), a row (data-key) or a scope button (data-scope) comes back to the UI.

// RoutineSort is the column the routine table is sorted by (most first).
type RoutineSort int

const (
	SortInclusive RoutineSort = iota
	SortExclusive
	SortCalls
	SortMaxFrame
	sortCount
)

// routineSortIDs are the data-sort values of the table's headers, by RoutineSort.
var routineSortIDs = [sortCount]string{"inclusive", "exclusive", "calls", "max"}

// ParseRoutineSort is the RoutineSort a header's data-sort names.
func ParseRoutineSort(s string) (RoutineSort, bool) {
	for i, id := range routineSortIDs {
		if id == s {
			return RoutineSort(i), true
		}
	}
	return 0, false
}

// tableRows is how many routines the table lists (the rest are counted under it): the
// window of a program on the ROM can hold hundreds, and a long table costs layout.
const tableRows = 100

// SortRoutines sorts rows by the column, most first; ties by name, then address, so the
// order does not change between renders.
func SortRoutines(rows []perf.RoutineStat, by RoutineSort) {
	val := func(r *perf.RoutineStat) uint64 {
		switch by {
		case SortExclusive:
			return r.Exclusive
		case SortCalls:
			return r.Calls
		case SortMaxFrame:
			return uint64(r.MaxFrame)
		}
		return r.Inclusive
	}
	slices.SortStableFunc(rows, func(a, b perf.RoutineStat) int {
		if c := cmp.Compare(val(&b), val(&a)); c != 0 {
			return c
		}
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.Key, b.Key)
	})
}

// RoutineTable is what the routine table shows.
type RoutineTable struct {
	Rows     []perf.RoutineStat // sorted (SortRoutines)
	Sort     RoutineSort
	Selected perf.RoutineKey
	HasSel   bool
	Window   bool   // the window's figures, else one frame's
	Frame    uint32 // the frame whose figures the frame scope shows (0: none)
	// First and Last are the window's frames when Window is set.
	First, Last uint32
	Err         string // why there are no rows
}

// RoutineTableHTML is the table's markup: the scope buttons, the table (headers sort),
// and the selected routine's callers and callees.
func RoutineTableHTML(t *RoutineTable) string {
	var w strings.Builder
	on := func(b bool) string {
		if b {
			return " class=on"
		}
		return ""
	}
	frame := "the selected frame"
	if t.Frame != 0 {
		frame = "frame " + num(uint64(t.Frame))
	}
	fmt.Fprintf(&w, "<div class=calls-scope>figures of <button type=button data-scope=frame%s>%s</button> "+
		"<button type=button data-scope=window%s>the window (60 s)</button>", on(!t.Window), frame, on(t.Window))
	if t.Window && t.Last != 0 {
		fmt.Fprintf(&w, " <span class=note>frames %s–%s</span>", num(uint64(t.First)), num(uint64(t.Last)))
	}
	w.WriteString("</div>")
	if t.Err != "" {
		fmt.Fprintf(&w, "<p class=note>%s</p>", html.EscapeString(t.Err))
		return w.String()
	}
	if len(t.Rows) == 0 {
		w.WriteString("<p class=note>no calls recorded</p>")
		return w.String()
	}
	w.WriteString("<table class=routines><thead><tr><th>routine</th><th>address</th>")
	heads := [...]struct {
		by    RoutineSort
		label string
		title string
	}{
		{SortCalls, "calls", "calls that began in the frames"},
		{SortInclusive, "inclusive", "cycles with the routine on the stack, less interrupts"},
		{SortExclusive, "exclusive", "cycles in the routine itself"},
		{SortMaxFrame, "max/frame", "the most inclusive cycles in one frame"},
	}
	for _, h := range heads {
		mark, cls := "", ""
		if h.by == t.Sort {
			mark, cls = " ▼", " class=sorted"
		}
		fmt.Fprintf(&w, "<th data-sort=%s%s title=\"%s (click to sort)\">%s%s</th>", routineSortIDs[h.by], cls, h.title, h.label, mark)
	}
	w.WriteString("</tr></thead><tbody>")
	for i := range min(len(t.Rows), tableRows) {
		r := &t.Rows[i]
		cls := ""
		if t.HasSel && r.Key == t.Selected {
			cls = " class=sel"
		}
		maxf := num(uint64(r.MaxFrame))
		if t.Window && r.MaxFrameAt != 0 {
			maxf += fmt.Sprintf(" <span class=note>(%s)</span>", num(uint64(r.MaxFrameAt)))
		}
		fmt.Fprintf(&w, "<tr data-key=%d%s><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>",
			uint32(r.Key), cls, swatchName(r.Key, r.Name), html.EscapeString(r.Address),
			num(r.Calls), num(r.Inclusive), num(r.Exclusive), maxf)
	}
	w.WriteString("</tbody></table>")
	if n := len(t.Rows) - tableRows; n > 0 {
		fmt.Fprintf(&w, "<p class=note>%d more routines with fewer cycles not listed</p>", n)
	}
	if t.HasSel {
		w.WriteString(edgesHTML(t))
	}
	return w.String()
}

// swatchName is a routine's name after a swatch of its colour in the views.
func swatchName(k perf.RoutineKey, name string) string {
	return fmt.Sprintf("<i style=\"background:%s\"></i>%s", cssColor(RoutineColor(k)), html.EscapeString(name))
}

// edgesHTML is the selected routine's callers and callees.
func edgesHTML(t *RoutineTable) string {
	var w strings.Builder
	i := slices.IndexFunc(t.Rows, func(r perf.RoutineStat) bool { return r.Key == t.Selected })
	if i < 0 {
		scope := "the window"
		if !t.Window {
			scope = "this frame"
		}
		fmt.Fprintf(&w, "<p class=note>the selected routine did not run in %s</p>", scope)
		return w.String()
	}
	r := &t.Rows[i]
	fmt.Fprintf(&w, "<div class=calls-edges><p><b>%s</b>", swatchName(r.Key, r.Name))
	if r.Address != "" {
		fmt.Fprintf(&w, " <span class=note>%s</span>", html.EscapeString(r.Address))
	}
	fmt.Fprintf(&w, ": %s calls, %s cycles inclusive, %s exclusive</p>", num(r.Calls), num(r.Inclusive), num(r.Exclusive))
	side := func(title, what string, edges []perf.CallEdge) {
		fmt.Fprintf(&w, "<table class=edges><thead><tr><th>%s</th><th>calls</th><th title=\"%s\">cycles</th></tr></thead><tbody>", title, what)
		if len(edges) == 0 {
			w.WriteString("<tr><td class=note>none</td><td></td><td></td></tr>")
		}
		for _, e := range edges {
			fmt.Fprintf(&w, "<tr data-key=%d><td>%s</td><td>%s</td><td>%s</td></tr>",
				uint32(e.Key), swatchName(e.Key, e.Name), num(e.Calls), num(e.Inclusive))
		}
		w.WriteString("</tbody></table>")
	}
	side("callers", "the selected routine's inclusive cycles in the calls from this caller", r.Callers)
	side("callees", "the callee's inclusive cycles in the calls from the selected routine", r.Callees)
	w.WriteString("</div>")
	return w.String()
}

// ParseRoutineKey reads a data-key value back.
func ParseRoutineKey(s string) (perf.RoutineKey, bool) {
	v, err := strconv.ParseUint(s, 10, 32)
	return perf.RoutineKey(v), err == nil
}
