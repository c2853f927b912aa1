package overlay

import (
	"strings"
	"testing"

	"x16scope/perf"
)

func tableRowsForTest() []perf.RoutineStat {
	return []perf.RoutineStat{
		{Name: "mix", Address: "$0857", Key: keyMix, Calls: 340, Inclusive: 9000, Exclusive: 9000, MaxFrame: 9000, MaxFrameAt: 12,
			Callers: []perf.CallEdge{{Name: "main", Key: keyMain, Calls: 340, Inclusive: 9000}}},
		{Name: "main", Address: "$0810", Key: keyMain, Calls: 1, Inclusive: 120000, Exclusive: 111000, MaxFrame: 130000, MaxFrameAt: 9,
			Callees: []perf.CallEdge{{Name: "mix", Key: keyMix, Calls: 340, Inclusive: 9000}}},
		{Name: "<b>x</b>&", Address: "$0900", Key: perf.RoutineAt(0x900, 0), Calls: 2000, Inclusive: 50, Exclusive: 50, MaxFrame: 40},
	}
}

// rowNames lists the table's routine rows' names in order.
func rowNames(h string) []string {
	var out []string
	body := h[strings.Index(h, "<tbody>"):strings.Index(h, "</tbody>")]
	for _, tr := range strings.Split(body, "<tr data-key=")[1:] {
		name := tr[strings.Index(tr, "</i>")+4:]
		out = append(out, name[:strings.Index(name, "</td>")])
	}
	return out
}

// Each column sorts the table, most first; names are escaped; the sorted header is marked.
func TestRoutineTableSorts(t *testing.T) {
	for _, c := range []struct {
		by   string
		want string
	}{
		{"inclusive", "main,mix,&lt;b&gt;x&lt;/b&gt;&amp;"},
		{"exclusive", "main,mix,&lt;b&gt;x&lt;/b&gt;&amp;"},
		{"calls", "&lt;b&gt;x&lt;/b&gt;&amp;,mix,main"},
		{"max", "main,mix,&lt;b&gt;x&lt;/b&gt;&amp;"},
	} {
		by, ok := ParseRoutineSort(c.by)
		if !ok {
			t.Fatalf("%s is no column", c.by)
		}
		rows := tableRowsForTest()
		SortRoutines(rows, by)
		h := RoutineTableHTML(&RoutineTable{Rows: rows, Sort: by, Frame: 12})
		if got := strings.Join(rowNames(h), ","); got != c.want {
			t.Errorf("sorted by %s: %s, want %s", c.by, got, c.want)
		}
		if !strings.Contains(h, "data-sort="+c.by+" class=sorted") {
			t.Errorf("sorted by %s: the header is not marked", c.by)
		}
		if strings.Contains(h, "<b>x") {
			t.Error("a routine name is not escaped")
		}
	}
	if _, ok := ParseRoutineSort("name"); ok {
		t.Error("an unknown column parsed")
	}
}

// The selected routine's row is marked and its callers and callees listed, each a link to
// that routine; the window's max column says in which frame.
func TestRoutineTableSelectionAndEdges(t *testing.T) {
	rows := tableRowsForTest()
	h := RoutineTableHTML(&RoutineTable{Rows: rows, Selected: keyMix, HasSel: true, Window: true, First: 1, Last: 3600})
	if !strings.Contains(h, "<tr data-key=2135 class=sel>") {
		t.Errorf("the selected row is not marked: %s", h)
	}
	edges := h[strings.Index(h, "calls-edges"):]
	if !strings.Contains(edges, "callers") || !strings.Contains(edges, "<tr data-key=2064>") || !strings.Contains(edges, ">main</td><td>340</td><td>9,000</td>") {
		t.Errorf("mix's callers: %s", edges)
	}
	if !strings.Contains(h, "9,000 <span class=note>(12)</span>") {
		t.Error("the window's max/frame does not name its frame")
	}
	if !strings.Contains(h, "data-scope=window class=on") || !strings.Contains(h, "frames 1–3,600") {
		t.Error("the window scope is not marked")
	}
	if k, ok := ParseRoutineKey("2135"); !ok || k != keyMix {
		t.Errorf("data-key 2135: %v %v", k, ok)
	}
	h = RoutineTableHTML(&RoutineTable{Rows: rows[1:2], Selected: keyMix, HasSel: true, Frame: 5})
	if !strings.Contains(h, "did not run in this frame") {
		t.Error("a selected routine absent from the frame is not said so")
	}
	h = RoutineTableHTML(&RoutineTable{Err: "frame 5 <gone>"})
	if !strings.Contains(h, "frame 5 &lt;gone&gt;") {
		t.Errorf("error: %s", h)
	}
}
