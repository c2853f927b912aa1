//go:build js && wasm

package overlay

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"syscall/js"

	"x16scope/perf"
)

// zoneEditor is the "Zones, markers, symbols" panel: a table of address zones (name,
// range, bank, idle) and marker region names, edited in place and applied as one list.
type zoneEditor struct {
	u    *UI
	root js.Value
}

func (z *zoneEditor) bind(u *UI) {
	z.u = u
	z.root = byID("zones")
	if z.root.IsNull() {
		return
	}
	on(z.root, "click", func(ev js.Value) {
		t := ev.Get("target")
		act := t.Call("getAttribute", "data-act")
		if act.IsNull() {
			return
		}
		switch act.String() {
		case "add":
			z.addRow(perf.Zone{Name: "zone", Start: 0x0801, End: 0x9EFF, Bank: perf.AnyBank})
		case "add-marker":
			z.addRow(perf.Zone{Name: "region", Marker: 1})
		case "del":
			if tr := t.Call("closest", "tr"); !tr.IsNull() {
				tr.Call("remove")
			}
		case "apply":
			z.apply()
		}
	})
	z.refresh()
}

// refresh rebuilds the table from the session's zone list.
func (z *zoneEditor) refresh() {
	if z.root.IsNull() {
		return
	}
	var w strings.Builder
	w.WriteString(`<p class=note>Cycles whose PC is in a zone are charged to it; an <b>idle</b> zone counts as waiting (for wait loops that store or call, e.g. <code>jsr GETIN</code>). Later zones win where they overlap. Bank applies to $A000-$FFFF. Marker rows name the regions a program opens with writes to $9FBC. Drop a .sym to add one zone per routine.</p>`)
	w.WriteString(`<table><thead><tr><th>name</th><th>start</th><th>end</th><th>bank</th><th>idle</th><th>marker</th><th></th></tr></thead><tbody id="zone-rows"></tbody></table>`)
	w.WriteString(`<button data-act="add">Add zone</button> <button data-act="add-marker">Name a marker region</button> <button data-act="apply">Apply</button> <span id="zone-msg" class=note></span>`)
	setHTML(z.root, w.String())
	for _, zn := range z.u.s.Zones() {
		z.addRow(zn)
	}
}

func (z *zoneEditor) addRow(zn perf.Zone) {
	body := byID("zone-rows")
	if body.IsNull() {
		return
	}
	tr := jsDocument.Call("createElement", "tr")
	bank := ""
	if zn.Bank != perf.AnyBank && zn.Marker == 0 {
		bank = strconv.Itoa(zn.Bank)
	}
	idle := ""
	if zn.Idle {
		idle = " checked"
	}
	if zn.Marker != 0 {
		setHTML(tr, fmt.Sprintf(`<td><input type=text name=name value="%s"></td><td colspan=4 class=note>marker region</td><td><input type=number name=marker min=1 max=111 value=%d style="width:4em"></td><td><button data-act="del" aria-label="remove">×</button></td>`,
			html.EscapeString(zn.Name), zn.Marker))
	} else {
		setHTML(tr, fmt.Sprintf(`<td><input type=text name=name value="%s"></td><td><input type=text name=start value="$%04X" size=6></td><td><input type=text name=end value="$%04X" size=6></td><td><input type=text name=bank value="%s" size=3 placeholder=any></td><td><input type=checkbox name=idle%s></td><td></td><td><button data-act="del" aria-label="remove">×</button></td>`,
			html.EscapeString(zn.Name), zn.Start, zn.End, bank, idle))
	}
	body.Call("appendChild", tr)
}

// apply reads the table back into a zone list and installs it, or shows what is wrong.
func (z *zoneEditor) apply() {
	msg := byID("zone-msg")
	var zones []perf.Zone
	rows := jsDocument.Call("querySelectorAll", "#zone-rows tr")
	for i := 0; i < rows.Length(); i++ {
		tr := rows.Index(i)
		get := func(name string) js.Value { return tr.Call("querySelector", `[name="`+name+`"]`) }
		val := func(name string) string { return get(name).Get("value").String() }
		zn := perf.Zone{Bank: perf.AnyBank}
		zn.Name = strings.TrimSpace(val("name"))
		if m := get("marker"); !m.IsNull() {
			v, err := strconv.Atoi(val("marker"))
			if err != nil {
				setText(msg, fmt.Sprintf("row %d: marker must be a number 1-111", i+1))
				return
			}
			zn.Marker = v
		} else {
			var err error
			if zn.Start, err = parseAddr(val("start")); err == nil {
				zn.End, err = parseAddr(val("end"))
			}
			if err != nil {
				setText(msg, fmt.Sprintf("row %d: %v", i+1, err))
				return
			}
			if b := strings.TrimSpace(val("bank")); b != "" {
				v, err := strconv.Atoi(b)
				if err != nil {
					setText(msg, fmt.Sprintf("row %d: bank must be a number 0-255 or empty for any", i+1))
					return
				}
				zn.Bank = v
			}
			zn.Idle = get("idle").Get("checked").Bool()
		}
		zones = append(zones, zn)
	}
	if err := z.u.s.SetZones(zones); err != nil {
		setText(msg, err.Error())
		return
	}
	z.u.zoneGen++
	z.u.dirty = true
	setText(msg, fmt.Sprintf("applied %d zones", len(zones)))
}

// parseAddr reads "$1234", "0x1234" or decimal.
func parseAddr(s string) (uint16, error) {
	s = strings.TrimSpace(s)
	base := 10
	switch {
	case strings.HasPrefix(s, "$"):
		s, base = s[1:], 16
	case strings.HasPrefix(s, "0x"), strings.HasPrefix(s, "0X"):
		s, base = s[2:], 16
	}
	v, err := strconv.ParseUint(s, base, 16)
	if err != nil {
		return 0, fmt.Errorf("address %q: want $0000-$FFFF", s)
	}
	return uint16(v), nil
}

func htmlEscape(s string) string { return html.EscapeString(s) }
