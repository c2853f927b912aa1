module x16scope

go 1.26
