; lockstep_planted.s: lockstep.s with the immediate of its ADC changed (the planted
; difference cmd/lockstep's test must find).
PLANT = 4
.include "lockstep.s"
