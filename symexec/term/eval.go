package term

import "fmt"

// An Evaluator computes the concrete values of terms under an assignment of
// the variables, remembering every value it computed.
type Evaluator struct {
	env  func(v *Term) (Value, bool)
	memo map[*Term]Value
}

// NewEvaluator evaluates with the variable values given by env; a variable
// env does not know makes Eval return an error.
func NewEvaluator(env func(v *Term) (Value, bool)) *Evaluator {
	return &Evaluator{env: env, memo: map[*Term]Value{}}
}

// Reset makes e evaluate with the variable values of env, forgetting every
// value it computed; the memo keeps its room, so that evaluating the same
// terms again (random simulation's rounds) allocates nothing new.
func (e *Evaluator) Reset(env func(v *Term) (Value, bool)) {
	e.env = env
	clear(e.memo)
}

// MapEnv adapts a map from variables to values.
func MapEnv(m map[*Term]Value) func(*Term) (Value, bool) {
	return func(v *Term) (Value, bool) { x, ok := m[v]; return x, ok }
}

// UnboundError reports a variable without a value.
type UnboundError struct{ Var string }

func (e *UnboundError) Error() string { return fmt.Sprintf("term: no value for variable %s", e.Var) }

// Eval returns the value of t.
func (e *Evaluator) Eval(t *Term) (v Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			ue, ok := r.(*UnboundError)
			if !ok {
				panic(r)
			}
			err = ue
		}
	}()
	return e.eval(t), nil
}

func (e *Evaluator) eval(t *Term) Value {
	if v, ok := e.memo[t]; ok {
		return v
	}
	var v Value
	w := t.Width()
	arg := func(i int) Value { return e.eval(t.args[i]) }
	switch t.op {
	case OpConst:
		v = *t.cval()
	case OpVar:
		x, ok := e.env(t)
		if !ok {
			panic(&UnboundError{t.vname()})
		}
		v = x.trunc(w)
	case OpAdd:
		for i := range t.args {
			v = addV(v, arg(i), w)
		}
	case OpMul:
		v = U64(1, w)
		for i := range t.args {
			v = mulV(v, arg(i), w)
		}
	case OpUDiv:
		v = udivV(arg(0), arg(1), w)
	case OpURem:
		v = uremV(arg(0), arg(1), w)
	case OpSDiv:
		v = sdivV(arg(0), arg(1), w)
	case OpSRem:
		v = sremV(arg(0), arg(1), w)
	case OpAnd:
		v = ones(w)
		for i := range t.args {
			v = andV(v, arg(i))
		}
	case OpOr:
		for i := range t.args {
			v = orV(v, arg(i))
		}
	case OpXor:
		for i := range t.args {
			v = xorV(v, arg(i))
		}
	case OpNot:
		v = notV(arg(0), w)
	case OpShl:
		v = shlV(arg(0), shiftAmount(arg(1)), w)
	case OpLshr:
		v = lshrV(arg(0), shiftAmount(arg(1)), w)
	case OpAshr:
		v = ashrV(arg(0), shiftAmount(arg(1)), w)
	case OpExtract:
		v = extractV(arg(0), int(t.hi), int(t.lo))
	case OpRotl:
		x, r := arg(0), int(t.lo)
		v = orV(shlV(x, r, w), lshrV(x, w-r, w))
	case OpConcat:
		for i := range t.args {
			v = orV(shlV(v, t.args[i].Width(), MaxWidth), arg(i))
		}
	case OpSext:
		v = sextV(arg(0), t.args[0].Width(), w)
	case OpEq:
		v = boolV(arg(0) == arg(1))
	case OpUlt:
		v = boolV(ultV(arg(0), arg(1)))
	case OpUle:
		v = boolV(!ultV(arg(1), arg(0)))
	case OpSlt:
		v = boolV(sltV(arg(0), arg(1), t.args[0].Width()))
	case OpSle:
		v = boolV(!sltV(arg(1), arg(0), t.args[0].Width()))
	case OpLUT:
		v = U64(t.aux.lut.entries[arg(0)[0]], w)
	case OpClmul:
		v = clmulV(arg(0), arg(1), t.args[0].Width())
	case OpIte:
		if arg(0).IsZero() {
			v = arg(2)
		} else {
			v = arg(1)
		}
	default:
		panic(fmt.Sprintf("term: eval of %s", t.op))
	}
	e.memo[t] = v
	return v
}
