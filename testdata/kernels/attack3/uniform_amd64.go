package attack3

import _ "vg.dev/spec/mldsa"

//vg:spec vg.dev/spec/mldsa.RejUniformPacked
//vg:public out a
func uniOK(out *[56]int32, a *[21]uint64) int

//vg:spec vg.dev/spec/mldsa.RejUniformPacked
//vg:public out a
func uniWideStore(out *[56]int32, a *[21]uint64) int

//vg:spec vg.dev/spec/mldsa.RejUniformPacked
//vg:public out a
func uniMerge(out *[56]int32, a *[21]uint64) int

//vg:spec vg.dev/spec/mldsa.RejUniformPacked
//vg:public out a
func uniMergeLast(out *[56]int32, a *[21]uint64) int

//vg:spec vg.dev/spec/mldsa.RejUniformPacked
//vg:public out a
func uniNoLastCount(out *[56]int32, a *[21]uint64) int
