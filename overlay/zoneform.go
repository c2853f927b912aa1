package overlay

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"x16scope/perf"
)

// The "Zones, markers, symbols" panel: a table of address zones (name, range, bank, idle)
// and marker region names, edited in place and applied as one list. The page (zones_js.go)
// builds the table from ZoneRows and reads them back; what they mean is decided here.

// ZoneNote is the panel's explanation above the table.
const ZoneNote = `Cycles whose PC is in a zone are charged to it; an <b>idle</b> zone counts as waiting (for wait loops that store or call, e.g. <code>jsr GETIN</code>). Later zones win where they overlap. Bank applies to $A000-$FFFF. Marker rows name the regions a program opens with writes to $9FBC. Drop a .sym to add one zone per routine.`

// ZoneRow is one row of the zone table as the page shows it: the inputs' values.
type ZoneRow struct {
	Marker           bool   // a marker region row (name and marker number only)
	Name             string // name input
	Start, End, Bank string // address zone inputs ("$0801", "$9EFF", "" for any bank)
	Idle             bool   // idle checkbox
	MarkerNum        string // marker number input
}

// NewZoneRow is the row the "Add zone" (marker false) or "Name a marker region" button adds.
func NewZoneRow(marker bool) ZoneRow {
	if marker {
		return ZoneRowOf(perf.Zone{Name: "region", Marker: 1})
	}
	return ZoneRowOf(perf.Zone{Name: "zone", Start: 0x0801, End: 0x9EFF, Bank: perf.AnyBank})
}

// ZoneRowOf is the row that shows zn.
func ZoneRowOf(zn perf.Zone) ZoneRow {
	if zn.Marker != 0 {
		return ZoneRow{Marker: true, Name: zn.Name, MarkerNum: strconv.Itoa(zn.Marker)}
	}
	r := ZoneRow{Name: zn.Name, Start: fmt.Sprintf("$%04X", zn.Start), End: fmt.Sprintf("$%04X", zn.End), Idle: zn.Idle}
	if zn.Bank != perf.AnyBank {
		r.Bank = strconv.Itoa(zn.Bank)
	}
	return r
}

// ParseZoneRows reads the table back into a zone list, or says which row is wrong.
func ParseZoneRows(rows []ZoneRow) ([]perf.Zone, error) {
	zones := make([]perf.Zone, 0, len(rows))
	for i, r := range rows {
		zn := perf.Zone{Bank: perf.AnyBank, Name: strings.TrimSpace(r.Name)}
		if r.Marker {
			v, err := strconv.Atoi(r.MarkerNum)
			if err != nil {
				return nil, fmt.Errorf("row %d: marker must be a number 1-111", i+1)
			}
			zn.Marker = v
		} else {
			var err error
			if zn.Start, err = perf.ParseAddr(r.Start); err == nil {
				zn.End, err = perf.ParseAddr(r.End)
			}
			if err != nil {
				return nil, fmt.Errorf("row %d: %v", i+1, err)
			}
			if b := strings.TrimSpace(r.Bank); b != "" {
				v, err := strconv.Atoi(b)
				if err != nil {
					return nil, fmt.Errorf("row %d: bank must be a number 0-255 or empty for any", i+1)
				}
				zn.Bank = v
			}
			zn.Idle = r.Idle
		}
		zones = append(zones, zn)
	}
	return zones, nil
}

// ApplyZones installs the table's rows as the zone list and returns the message to show
// under it: how many were applied, or what is wrong.
func (u *UI) ApplyZones(rows []ZoneRow) string {
	zones, err := ParseZoneRows(rows)
	if err == nil {
		err = u.s.SetZones(zones)
	}
	if err != nil {
		return err.Error()
	}
	u.zoneGen++
	u.dirty = true
	return fmt.Sprintf("applied %d zones", len(zones))
}

// refreshZones has the page rebuild the zone table from the session's zone list.
func (u *UI) refreshZones() {
	zs := u.s.Zones()
	rows := make([]ZoneRow, len(zs))
	for i, zn := range zs {
		rows[i] = ZoneRowOf(zn)
	}
	u.out.ShowZones(rows)
}

func htmlEscape(s string) string { return html.EscapeString(s) }
