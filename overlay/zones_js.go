//go:build js && wasm

package overlay

import "honnef.co/go/js/dom/v2"

// zoneEditor is the "Zones, markers, symbols" panel's DOM: it builds the table of ZoneRows
// (zoneform.go decides what they hold and mean) and reads it back on Apply.
type zoneEditor struct {
	u          *UI
	root       *dom.BasicHTMLElement
	body, msg  *dom.BasicHTMLElement
	rowInputs  []rowInputs // the table's rows, in order
	tableBuilt bool
}

// rowInputs are one table row and its inputs (nil where the row kind has none).
type rowInputs struct {
	tr                                     *dom.BasicHTMLElement
	marker                                 bool
	name, start, end, bank, idle, markerNo *dom.HTMLInputElement
}

// bind finds the panel and listens to its buttons; the UI (z.u) is set before any click.
func (z *zoneEditor) bind() {
	if z.root = byID("zones"); z.root == nil {
		return
	}
	on(z.root.Value, "click", false, func(ev *dom.BasicEvent) {
		t := target(ev)
		if t == nil || !t.HasAttribute("data-act") {
			return
		}
		switch t.GetAttribute("data-act") {
		case "add":
			z.addRow(NewZoneRow(false))
		case "add-marker":
			z.addRow(NewZoneRow(true))
		case "del":
			z.remove(t)
		case "apply":
			z.msg.SetTextContent(z.u.ApplyZones(z.rows()))
		}
	})
}

// show rebuilds the panel with these rows.
func (z *zoneEditor) show(rows []ZoneRow) {
	if z.root == nil {
		return
	}
	z.root.SetInnerHTML("")
	note := create("p", "class", "note")
	note.SetInnerHTML(ZoneNote)
	table, head, tr := create("table"), create("thead"), create("tr")
	for _, h := range []string{"name", "start", "end", "bank", "idle", "marker", ""} {
		th := create("th")
		th.SetTextContent(h)
		appendTo(tr, th)
	}
	appendTo(head, tr)
	z.body = create("tbody", "id", "zone-rows")
	appendTo(table, head, z.body)
	z.msg = create("span", "id", "zone-msg", "class", "note")
	appendTo(z.root, note, table,
		button("add", "Add zone"), text(" "), button("add-marker", "Name a marker region"), text(" "),
		button("apply", "Apply"), text(" "), z.msg)
	z.rowInputs = z.rowInputs[:0]
	for _, r := range rows {
		z.addRow(r)
	}
}

func button(act, label string) *dom.BasicHTMLElement {
	b := create("button", "data-act", act)
	b.SetTextContent(label)
	return b
}

// text is a text node (as an element wrapper: only appended, never asked for element methods).
func text(s string) *dom.BasicHTMLElement { return wrap(jsDocument.Call("createTextNode", s)) }

func cell(children ...*dom.BasicHTMLElement) *dom.BasicHTMLElement {
	td := create("td")
	appendTo(td, children...)
	return td
}

func input(attrs ...string) *dom.HTMLInputElement { return asInput(create("input", attrs...)) }

// addRow appends a row showing r.
func (z *zoneEditor) addRow(r ZoneRow) {
	if z.body == nil {
		return
	}
	ri := rowInputs{tr: create("tr"), marker: r.Marker}
	ri.name = input("type", "text", "name", "name", "value", r.Name)
	del := create("button", "data-act", "del", "aria-label", "remove")
	del.SetTextContent("×")
	if r.Marker {
		note := create("td", "colspan", "4", "class", "note")
		note.SetTextContent("marker region")
		ri.markerNo = input("type", "number", "name", "marker", "min", "1", "max", "111", "value", r.MarkerNum, "style", "width:4em")
		appendTo(ri.tr, cell(ri.name.BasicHTMLElement), note, cell(ri.markerNo.BasicHTMLElement), cell(del))
	} else {
		ri.start = input("type", "text", "name", "start", "value", r.Start, "size", "6")
		ri.end = input("type", "text", "name", "end", "value", r.End, "size", "6")
		ri.bank = input("type", "text", "name", "bank", "value", r.Bank, "size", "3", "placeholder", "any")
		ri.idle = input("type", "checkbox", "name", "idle")
		ri.idle.SetChecked(r.Idle)
		appendTo(ri.tr, cell(ri.name.BasicHTMLElement), cell(ri.start.BasicHTMLElement), cell(ri.end.BasicHTMLElement),
			cell(ri.bank.BasicHTMLElement), cell(ri.idle.BasicHTMLElement), cell(), cell(del))
	}
	appendTo(z.body, ri.tr)
	z.rowInputs = append(z.rowInputs, ri)
}

// remove takes out the row holding the clicked button.
func (z *zoneEditor) remove(btn *dom.BasicHTMLElement) {
	tr := btn.Call("closest", "tr")
	for i, ri := range z.rowInputs {
		if ri.tr.Value.Equal(tr) {
			ri.tr.Remove()
			z.rowInputs = append(z.rowInputs[:i], z.rowInputs[i+1:]...)
			return
		}
	}
}

// rows reads the table's inputs.
func (z *zoneEditor) rows() []ZoneRow {
	rows := make([]ZoneRow, len(z.rowInputs))
	for i, ri := range z.rowInputs {
		r := ZoneRow{Marker: ri.marker, Name: ri.name.Value()}
		if ri.marker {
			r.MarkerNum = ri.markerNo.Value()
		} else {
			r.Start, r.End, r.Bank, r.Idle = ri.start.Value(), ri.end.Value(), ri.bank.Value(), ri.idle.Checked()
		}
		rows[i] = r
	}
	return rows
}
