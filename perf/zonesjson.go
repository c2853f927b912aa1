package perf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseZones reads a zone list in JSON:
//
//	[{"name": "draw", "start": "$0900", "end": "$09FF"},
//	 {"name": "vsync wait", "start": 2061, "end": 2070, "idle": true},
//	 {"name": "kernal irq", "start": "$C000", "end": "$C3FF", "bank": 0},
//	 {"name": "sound", "marker": 7}]
//
// start and end are inclusive addresses, as JSON numbers or strings in hex ("$0900",
// "0x0900") or decimal. bank (0-255, only for $A000-$FFFF) restricts a zone to one RAM bank
// ($A000-$BFFF) or ROM bank ($C000-$FFFF); without it a zone applies in every bank. idle
// declares the zone's cycles waiting. An entry with marker (1-111) and no range names that
// marker region. Unknown fields and bad values are errors that name the zone and the problem.
func ParseZones(data []byte) ([]Zone, error) {
	var raw []json.RawMessage
	if err := decodeStrict(data, &raw); err != nil {
		return nil, fmt.Errorf("zones: want a JSON array of zone objects: %v", err)
	}
	zones := make([]Zone, 0, len(raw))
	for i, r := range raw {
		var j struct {
			Name   *string   `json:"name"`
			Start  *jsonAddr `json:"start"`
			End    *jsonAddr `json:"end"`
			Bank   *int      `json:"bank"`
			Idle   bool      `json:"idle"`
			Marker int       `json:"marker"`
		}
		if err := decodeStrict(r, &j); err != nil {
			return nil, fmt.Errorf("zone %d: %v", i, err)
		}
		if j.Name == nil {
			return nil, fmt.Errorf("zone %d: missing \"name\"", i)
		}
		z := Zone{Name: *j.Name, Bank: AnyBank, Idle: j.Idle, Marker: j.Marker}
		if j.Marker != 0 {
			if j.Start != nil || j.End != nil || j.Bank != nil || j.Idle {
				return nil, fmt.Errorf("zone %d (%q): a \"marker\" entry names a region and takes no start, end, bank or idle", i, clip(z.Name))
			}
		} else {
			if j.Start == nil || j.End == nil {
				return nil, fmt.Errorf("zone %d (%q): needs \"start\" and \"end\" (or \"marker\")", i, clip(z.Name))
			}
			z.Start, z.End = uint16(*j.Start), uint16(*j.End)
			if j.Bank != nil {
				z.Bank = *j.Bank
			}
		}
		if err := z.check(i); err != nil {
			return nil, err
		}
		zones = append(zones, z)
	}
	return zones, nil
}

// decodeStrict decodes one JSON value, refusing unknown fields and trailing data.
func decodeStrict(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// ParseAddr reads an address written "$1234", "0x1234" or in decimal (spaces around it
// allowed), as zone files and the overlay's zone form take it.
func ParseAddr(s string) (uint16, error) {
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

// jsonAddr is a 16-bit address written as a number or as a hex or decimal string.
type jsonAddr uint16

func (a *jsonAddr) UnmarshalJSON(b []byte) error {
	s := string(b)
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		v, err := ParseAddr(s)
		if err != nil {
			return fmt.Errorf("address %s: want $0000-$FFFF (hex as \"$1234\" or \"0x1234\", or decimal)", clip(string(b)))
		}
		*a = jsonAddr(v)
		return nil
	}
	v, err := strconv.ParseUint(s, 10, 16)
	if err != nil {
		return fmt.Errorf("address %s: want a whole number 0-65535", clip(s))
	}
	*a = jsonAddr(v)
	return nil
}
