// C helpers for the vg.dev/smt/z3 cgo binding. See vgz3.h.

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "vgz3.h"

// vg_err records the code of the last Z3 error raised on this thread.
// Z3 invokes the error handler synchronously on the thread that made the
// failing API call, and a cgo call runs start to finish on one thread, so
// a helper that clears vg_err, calls Z3 and reads vg_err sees exactly the
// errors of its own calls.
static __thread int vg_err;

// vg_error_handler replaces Z3's default handler, which prints the error
// and exits the process. It only records the code; the API call that
// failed then returns a null/default result to the helper.
static void vg_error_handler(Z3_context c, Z3_error_code e) {
	(void)c;
	vg_err = (int)e;
	if (vg_err == Z3_OK) {
		vg_err = Z3_EXCEPTION;
	}
}

Z3_context vg_mk_context(Z3_config cfg) {
	Z3_context c = Z3_mk_context_rc(cfg);
	if (c != NULL) {
		Z3_set_error_handler(c, vg_error_handler);
	}
	return c;
}

void vg_del_context(Z3_context c) { Z3_del_context(c); }

void vg_dec_refs(Z3_context c, unsigned n, Z3_ast const *asts) {
	for (unsigned i = 0; i < n; i++) {
		Z3_dec_ref(c, asts[i]);
	}
}

void vg_solver_dec_refs(Z3_context c, unsigned n, Z3_solver const *ss) {
	for (unsigned i = 0; i < n; i++) {
		Z3_solver_dec_ref(c, ss[i]);
	}
}

void vg_model_dec_refs(Z3_context c, unsigned n, Z3_model const *ms) {
	for (unsigned i = 0; i < n; i++) {
		Z3_model_dec_ref(c, ms[i]);
	}
}

static vg_res vg_finish(Z3_context c, Z3_ast r) {
	vg_res res;
	res.err = vg_err;
	if (res.err == Z3_OK && r == NULL) {
		res.err = Z3_EXCEPTION;
	}
	if (res.err != Z3_OK) {
		res.ast = NULL;
		return res;
	}
	Z3_inc_ref(c, r);
	res.ast = r;
	return res;
}

static Z3_sort vg_keep_sort(Z3_context c, Z3_sort s, int *err) {
	if (vg_err == Z3_OK && s == NULL) {
		vg_err = Z3_EXCEPTION;
	}
	*err = vg_err;
	if (vg_err != Z3_OK) {
		return NULL;
	}
	Z3_inc_ref(c, Z3_sort_to_ast(c, s));
	return s;
}

Z3_sort vg_mk_bv_sort(Z3_context c, unsigned bits, int *err) {
	vg_err = Z3_OK;
	return vg_keep_sort(c, Z3_mk_bv_sort(c, bits), err);
}

Z3_sort vg_mk_bool_sort(Z3_context c, int *err) {
	vg_err = Z3_OK;
	return vg_keep_sort(c, Z3_mk_bool_sort(c), err);
}

vg_res vg_op1(Z3_context c, vg_fn1 f, Z3_ast a) {
	vg_err = Z3_OK;
	return vg_finish(c, f(c, a));
}

vg_res vg_op2(Z3_context c, vg_fn2 f, Z3_ast a, Z3_ast b) {
	vg_err = Z3_OK;
	return vg_finish(c, f(c, a, b));
}

vg_res vg_op3(Z3_context c, vg_fn3 f, Z3_ast a, Z3_ast b, Z3_ast d) {
	vg_err = Z3_OK;
	return vg_finish(c, f(c, a, b, d));
}

vg_res vg_opu(Z3_context c, vg_fnu f, unsigned i, Z3_ast a) {
	vg_err = Z3_OK;
	return vg_finish(c, f(c, i, a));
}

vg_res vg_opn(Z3_context c, vg_fnn f, unsigned n, Z3_ast const *args) {
	vg_err = Z3_OK;
	return vg_finish(c, f(c, n, args));
}

vg_res vg_extract(Z3_context c, unsigned hi, unsigned lo, Z3_ast a) {
	vg_err = Z3_OK;
	return vg_finish(c, Z3_mk_extract(c, hi, lo, a));
}

// vg_symbol makes a string symbol from a name that is not NUL-terminated.
static Z3_symbol vg_symbol(Z3_context c, const char *name, size_t len) {
	char buf[128];
	char *p = buf;
	if (len >= sizeof buf) {
		p = malloc(len + 1);
		if (p == NULL) {
			vg_err = Z3_MEMOUT_FAIL;
			return NULL;
		}
	}
	if (len > 0) {
		memcpy(p, name, len);
	}
	p[len] = 0;
	Z3_symbol s = Z3_mk_string_symbol(c, p);
	if (p != buf) {
		free(p);
	}
	return s;
}

vg_res vg_mk_const(Z3_context c, const char *name, size_t len, Z3_sort s) {
	vg_err = Z3_OK;
	Z3_symbol sym = vg_symbol(c, name, len);
	if (vg_err != Z3_OK) {
		return vg_finish(c, NULL);
	}
	return vg_finish(c, Z3_mk_const(c, sym, s));
}

vg_res vg_mk_u64(Z3_context c, uint64_t v, Z3_sort s) {
	vg_err = Z3_OK;
	return vg_finish(c, Z3_mk_unsigned_int64(c, v, s));
}

vg_res vg_mk_bv_words(Z3_context c, unsigned bits, uint64_t const *words, unsigned nwords) {
	bool buf[1024];
	bool *p = buf;
	vg_err = Z3_OK;
	if (bits > sizeof buf / sizeof buf[0]) {
		p = malloc(bits * sizeof *p);
		if (p == NULL) {
			vg_err = Z3_MEMOUT_FAIL;
			return vg_finish(c, NULL);
		}
	}
	for (unsigned i = 0; i < bits; i++) {
		unsigned w = i / 64;
		p[i] = w < nwords && ((words[w] >> (i % 64)) & 1) != 0;
	}
	Z3_ast r = Z3_mk_bv_numeral(c, bits, p);
	if (p != buf) {
		free(p);
	}
	return vg_finish(c, r);
}

vg_res vg_mk_bool(Z3_context c, int v) {
	vg_err = Z3_OK;
	return vg_finish(c, v ? Z3_mk_true(c) : Z3_mk_false(c));
}

vg_res vg_mk_func_decl(Z3_context c, const char *name, size_t len, unsigned n,
                       Z3_sort const *domain, Z3_sort rng) {
	vg_err = Z3_OK;
	Z3_symbol sym = vg_symbol(c, name, len);
	if (vg_err != Z3_OK) {
		return vg_finish(c, NULL);
	}
	Z3_func_decl f = Z3_mk_func_decl(c, sym, n, domain, rng);
	if (vg_err != Z3_OK || f == NULL) {
		return vg_finish(c, NULL);
	}
	return vg_finish(c, Z3_func_decl_to_ast(c, f));
}

vg_res vg_mk_app(Z3_context c, Z3_ast f, unsigned n, Z3_ast const *args) {
	vg_err = Z3_OK;
	Z3_func_decl d = Z3_to_func_decl(c, f);
	if (vg_err != Z3_OK) {
		return vg_finish(c, NULL);
	}
	return vg_finish(c, Z3_mk_app(c, d, n, args));
}

int vg_numeral_u64(Z3_context c, Z3_ast a, uint64_t *out) {
	vg_err = Z3_OK;
	if (!Z3_is_numeral_ast(c, a) || vg_err != Z3_OK) {
		return 0;
	}
	uint64_t v = 0;
	bool ok = Z3_get_numeral_uint64(c, a, &v);
	if (!ok || vg_err != Z3_OK) {
		return 0;
	}
	*out = v;
	return 1;
}

const char *vg_numeral_string(Z3_context c, Z3_ast a) {
	vg_err = Z3_OK;
	if (!Z3_is_numeral_ast(c, a) || vg_err != Z3_OK) {
		return NULL;
	}
	const char *s = Z3_get_numeral_string(c, a);
	if (vg_err != Z3_OK) {
		return NULL;
	}
	return s;
}

// vg_bool_value returns 1 for true, 0 for false and -1 otherwise.
int vg_bool_value(Z3_context c, Z3_ast a) {
	vg_err = Z3_OK;
	Z3_lbool v = Z3_get_bool_value(c, a);
	if (vg_err != Z3_OK) {
		return -1;
	}
	switch (v) {
	case Z3_L_TRUE:
		return 1;
	case Z3_L_FALSE:
		return 0;
	default:
		return -1;
	}
}

const char *vg_ast_to_string(Z3_context c, Z3_ast a, int *err) {
	vg_err = Z3_OK;
	const char *s = Z3_ast_to_string(c, a);
	*err = vg_err;
	return s;
}

Z3_solver vg_mk_solver(Z3_context c, int kind, const char *logic, size_t len, int *err) {
	vg_err = Z3_OK;
	Z3_solver s = NULL;
	switch (kind) {
	case 0:
		s = Z3_mk_solver(c);
		break;
	case 1:
		s = Z3_mk_simple_solver(c);
		break;
	default: {
		Z3_symbol sym = vg_symbol(c, logic, len);
		if (vg_err == Z3_OK) {
			s = Z3_mk_solver_for_logic(c, sym);
		}
		break;
	}
	}
	if (vg_err == Z3_OK && s == NULL) {
		vg_err = Z3_EXCEPTION;
	}
	*err = vg_err;
	if (vg_err != Z3_OK) {
		return NULL;
	}
	Z3_solver_inc_ref(c, s);
	return s;
}

int vg_solver_assert(Z3_context c, Z3_solver s, Z3_ast a) {
	vg_err = Z3_OK;
	Z3_solver_assert(c, s, a);
	return vg_err;
}

int vg_solver_push(Z3_context c, Z3_solver s) {
	vg_err = Z3_OK;
	Z3_solver_push(c, s);
	return vg_err;
}

int vg_solver_pop(Z3_context c, Z3_solver s, unsigned n) {
	vg_err = Z3_OK;
	Z3_solver_pop(c, s, n);
	return vg_err;
}

int vg_solver_set_timeout(Z3_context c, Z3_solver s, unsigned ms) {
	vg_err = Z3_OK;
	Z3_params p = Z3_mk_params(c);
	if (vg_err != Z3_OK || p == NULL) {
		return vg_err != Z3_OK ? vg_err : Z3_EXCEPTION;
	}
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), ms);
	if (vg_err == Z3_OK) {
		Z3_solver_set_params(c, s, p);
	}
	int e = vg_err;
	Z3_params_dec_ref(c, p);
	return e;
}

// vg_solver_check returns -1 (unsat), 0 (unknown) or 1 (sat).
int vg_solver_check(Z3_context c, Z3_solver s, int *err) {
	vg_err = Z3_OK;
	Z3_lbool r = Z3_solver_check(c, s);
	*err = vg_err;
	return (int)r;
}

const char *vg_solver_reason_unknown(Z3_context c, Z3_solver s, int *err) {
	vg_err = Z3_OK;
	const char *r = Z3_solver_get_reason_unknown(c, s);
	*err = vg_err;
	return r;
}

const char *vg_solver_to_smtlib(Z3_context c, Z3_solver s, const char *logic, int *err) {
	Z3_ast stack[64];
	Z3_ast *as = stack;
	Z3_ast t = NULL;
	const char *out = NULL;
	vg_err = Z3_OK;
	Z3_ast_vector v = Z3_solver_get_assertions(c, s);
	if (vg_err != Z3_OK || v == NULL) {
		*err = vg_err != Z3_OK ? vg_err : Z3_EXCEPTION;
		return NULL;
	}
	Z3_ast_vector_inc_ref(c, v);
	unsigned n = Z3_ast_vector_size(c, v);
	if (n > sizeof stack / sizeof stack[0]) {
		as = malloc(n * sizeof *as);
		if (as == NULL) {
			vg_err = Z3_MEMOUT_FAIL;
			goto done;
		}
	}
	for (unsigned i = 0; i < n; i++) {
		as[i] = Z3_ast_vector_get(c, v, i);
	}
	t = Z3_mk_true(c);
	if (vg_err != Z3_OK) {
		goto done;
	}
	Z3_inc_ref(c, t);
	out = Z3_benchmark_to_smtlib_string(c, "", logic, "unknown", "", n, as, t);
	Z3_dec_ref(c, t);
done:
	*err = vg_err;
	if (as != stack) {
		free(as);
	}
	Z3_ast_vector_dec_ref(c, v);
	return *err == Z3_OK ? out : NULL;
}

Z3_model vg_solver_model(Z3_context c, Z3_solver s, int *err) {
	vg_err = Z3_OK;
	Z3_model m = Z3_solver_get_model(c, s);
	if (vg_err == Z3_OK && m == NULL) {
		vg_err = Z3_INVALID_USAGE;
	}
	*err = vg_err;
	if (vg_err != Z3_OK) {
		return NULL;
	}
	Z3_model_inc_ref(c, m);
	return m;
}

// vg_reset_cancel clears the cancellation flag that Z3_interrupt leaves
// set on a context when it arrives while no check is running: until the
// next solver check resets it, simplification and model evaluation fail
// with "canceled". Checking an empty solver performs that reset.
void vg_reset_cancel(Z3_context c) {
	vg_err = Z3_OK;
	Z3_solver s = Z3_mk_simple_solver(c);
	if (vg_err != Z3_OK || s == NULL) {
		return;
	}
	Z3_solver_inc_ref(c, s);
	Z3_solver_check(c, s);
	Z3_solver_dec_ref(c, s);
	vg_err = Z3_OK;
}

int vg_eval(Z3_context c, Z3_model m, Z3_ast a, int completion, uint64_t *u,
            const char **s, int *err) {
	Z3_ast v = NULL;
	int kind = VG_EVAL_SYMBOLIC;
	vg_err = Z3_OK;
	*err = Z3_OK;
	bool ok = Z3_model_eval(c, m, a, completion != 0, &v);
	if (vg_err != Z3_OK) {
		*err = vg_err;
		return VG_EVAL_ERROR;
	}
	if (!ok || v == NULL) {
		return VG_EVAL_FAILED;
	}
	Z3_inc_ref(c, v);
	Z3_lbool b = Z3_get_bool_value(c, v);
	if (vg_err == Z3_OK && b != Z3_L_UNDEF) {
		*u = b == Z3_L_TRUE ? 1 : 0;
		kind = VG_EVAL_BOOL;
	} else if (vg_err == Z3_OK && Z3_is_numeral_ast(c, v) && vg_err == Z3_OK) {
		if (Z3_get_numeral_uint64(c, v, u) && vg_err == Z3_OK) {
			kind = VG_EVAL_U64;
		} else {
			vg_err = Z3_OK;
			*s = Z3_get_numeral_string(c, v);
			kind = VG_EVAL_STRING;
		}
	}
	if (vg_err != Z3_OK) {
		*err = vg_err;
		kind = VG_EVAL_ERROR;
	}
	// The numeral string lives in a buffer owned by the context, not by v.
	Z3_dec_ref(c, v);
	return kind;
}

const char *vg_model_to_string(Z3_context c, Z3_model m, int *err) {
	vg_err = Z3_OK;
	const char *s = Z3_model_to_string(c, m);
	*err = vg_err;
	return s;
}

const char *vg_eval_smtlib2(Z3_context c, const char *script, int *err) {
	vg_err = Z3_OK;
	const char *s = Z3_eval_smtlib2_string(c, script);
	*err = vg_err;
	return s;
}

const char *vg_error_msg(Z3_context c, int code) {
	return Z3_get_error_msg(c, (Z3_error_code)code);
}
