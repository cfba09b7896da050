/* A tiny fake CUDA driver (libcuda.so.1) for tests/test_gpu_runtime_fake.py.
 *
 * It implements the handful of driver API entry points activity/codegen/gpu.py's
 * runtime calls, with the real signatures and enum values, and validates their
 * arguments the way the driver would.  cuda-bindings (13.x) finds the driver through
 * cuda-pathfinder (which first looks for an already loaded libcuda.so.1) and resolves
 * every function with cuGetProcAddress_v2, so preloading this library with RTLD_GLOBAL
 * before the first driver call makes cuda-bindings use it.  Like the driver,
 * cuGetProcAddress hands out the ABI version a name has at the requested CUDA version:
 * cuda-bindings asks for "cuMemFree" at 3020 (cuMemFree_v2) and for "cuCtxSynchronize"
 * both at 2000 (no argument) and at 13000 (cuCtxSynchronize_v2, taking the context).
 *
 * Kernels do not run here: cuLaunchKernel checks its arguments, copies the kernel
 * parameters (their number and sizes come from the module's PTX, as the driver's come
 * from the compiled image) and queues the launch; cuCtxSynchronize (and cuMemFree,
 * which synchronizes too) hands each queued launch to a hook installed with
 * fake_cuda_set_launch_hook -- the test runs the host-compiled version of the kernel
 * over the whole grid.  Launches are therefore asynchronous, as on a device: host code
 * that reads results before synchronizing, or that changes a parameter after the
 * launch, sees what it would see on a GPU.
 *
 * Environment:
 *   FAKE_CUDA_FAIL_ALLOC_OVER=N  cuMemAllocManaged of more than N bytes fails with
 *                                CUDA_ERROR_OUT_OF_MEMORY
 *   FAKE_CUDA_FAIL_LAUNCH=N      the N-th call of cuLaunchKernel (from 1, see
 *                                fake_cuda_launch_calls) fails with
 *                                CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
 *   FAKE_CUDA_TRACE=1            every call on stderr
 *
 * Build:  cc -shared -fPIC -Wl,-soname,libcuda.so.1 -o DIR/libcuda.so.1 fake_cuda.c -ldl
 * Check the signatures against the toolkit's header:
 *         cc -fsyntax-only -DFAKE_CUDA_CHECK_HEADER -I$CUDA_HOME/include fake_cuda.c
 */

#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FAKE_CUDA_CHECK_HEADER
#include <cuda.h>
#else
typedef int CUresult;
typedef int CUdevice;
typedef int CUdevice_attribute;
typedef int CUpointer_attribute;
typedef unsigned long long CUdeviceptr;
typedef unsigned long long cuuint64_t;
typedef int CUdriverProcAddressQueryResult;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
#define CUDAAPI
#endif

#define EXPORT __attribute__((visibility("default")))

/* CUresult */
enum {
    OK = 0,
    ERR_INVALID_VALUE = 1,
    ERR_OUT_OF_MEMORY = 2,
    ERR_NOT_INITIALIZED = 3,
    ERR_INVALID_DEVICE = 101,
    ERR_INVALID_IMAGE = 200,
    ERR_INVALID_CONTEXT = 201,
    ERR_INVALID_PTX = 218,
    ERR_INVALID_HANDLE = 400,
    ERR_NOT_FOUND = 500,
    ERR_LAUNCH_OUT_OF_RESOURCES = 701,
};
/* CUdevice_attribute */
enum {
    ATTR_MULTIPROCESSOR_COUNT = 16,
    ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
    ATTR_COMPUTE_CAPABILITY_MINOR = 76,
    ATTR_MANAGED_MEMORY = 83,
    ATTR_PAGEABLE_MEMORY_ACCESS = 88,
    ATTR_CONCURRENT_MANAGED_ACCESS = 89,
};
/* CUmemAttach_flags, CUdriverProcAddressQueryResult */
enum { MEM_ATTACH_GLOBAL = 1, MEM_ATTACH_HOST = 2 };
enum { PROC_SUCCESS = 0, PROC_SYMBOL_NOT_FOUND = 1 };

#ifdef FAKE_CUDA_CHECK_HEADER /* the values above are the header's */
_Static_assert(ERR_INVALID_VALUE == CUDA_ERROR_INVALID_VALUE, "enum");
_Static_assert(ERR_OUT_OF_MEMORY == CUDA_ERROR_OUT_OF_MEMORY, "enum");
_Static_assert(ERR_NOT_INITIALIZED == CUDA_ERROR_NOT_INITIALIZED, "enum");
_Static_assert(ERR_INVALID_DEVICE == CUDA_ERROR_INVALID_DEVICE, "enum");
_Static_assert(ERR_INVALID_IMAGE == CUDA_ERROR_INVALID_IMAGE, "enum");
_Static_assert(ERR_INVALID_CONTEXT == CUDA_ERROR_INVALID_CONTEXT, "enum");
_Static_assert(ERR_INVALID_PTX == CUDA_ERROR_INVALID_PTX, "enum");
_Static_assert(ERR_INVALID_HANDLE == CUDA_ERROR_INVALID_HANDLE, "enum");
_Static_assert(ERR_NOT_FOUND == CUDA_ERROR_NOT_FOUND, "enum");
_Static_assert(ERR_LAUNCH_OUT_OF_RESOURCES == CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "enum");
_Static_assert(ATTR_MULTIPROCESSOR_COUNT == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "enum");
_Static_assert(ATTR_COMPUTE_CAPABILITY_MAJOR == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
               "enum");
_Static_assert(ATTR_COMPUTE_CAPABILITY_MINOR == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
               "enum");
_Static_assert(ATTR_MANAGED_MEMORY == CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, "enum");
_Static_assert(ATTR_PAGEABLE_MEMORY_ACCESS == CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, "enum");
_Static_assert(ATTR_CONCURRENT_MANAGED_ACCESS == CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
               "enum");
_Static_assert(MEM_ATTACH_GLOBAL == CU_MEM_ATTACH_GLOBAL, "enum");
_Static_assert(MEM_ATTACH_HOST == CU_MEM_ATTACH_HOST, "enum");
_Static_assert(PROC_SUCCESS == CU_GET_PROC_ADDRESS_SUCCESS, "enum");
_Static_assert(PROC_SYMBOL_NOT_FOUND == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, "enum");
#endif

#define DRIVER_VERSION 13000
#define MAX_BLOCK 1024

typedef void (*launch_hook)(const char *name, unsigned grid_x, unsigned block_x,
                            void **kernel_params);

struct fake_module {
    char *ptx;
    struct fake_module *next;
};

struct fake_function {
    struct fake_module *mod;
    char *name;
    int nparams;
    int *psize; /* bytes of each parameter */
    struct fake_function *next;
};

struct pending {
    struct fake_function *f;
    unsigned grid_x, block_x;
    void **params; /* points into values */
    unsigned char *values;
    struct pending *next;
};

struct allocation {
    void *p;
    size_t n;
    int managed; /* cuMemAllocManaged (else cuMemAlloc) */
    int ordinal; /* the device it is on (fake_cuda_move_to_device) */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static int ctx_retains;
static struct CUctx_st { int dummy; } primary_ctx;
static __thread CUcontext current_ctx;
static struct fake_module *modules;
static struct fake_function *functions;
static struct pending *queue_head, *queue_tail;
static struct allocation *allocs;
static size_t n_allocs, cap_allocs;
static long launches, launch_calls, modules_loaded;
/* counters of the copies and allocations (fake_cuda_counter): tests/test_gpu_arrays.py
 * checks that device arrays reach the kernels with no copy */
enum { N_HTOD, N_DTOH, N_DTOD, N_MEMSET, N_ALLOC, N_ALLOC_MANAGED, N_HTOD_BYTES, N_DTOH_BYTES,
       N_COUNTERS };
static long counters[N_COUNTERS];
static launch_hook hook;
static int tracing = -1;

static void trace(const char *fmt, ...) {
    if (tracing < 0) {
        const char *t = getenv("FAKE_CUDA_TRACE");
        tracing = t != NULL && *t && strcmp(t, "0") != 0;
    }
    if (!tracing)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("[fake_cuda] ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static CUresult need_context(void) {
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (current_ctx != &primary_ctx)
        return ERR_INVALID_CONTEXT;
    return OK;
}

/* ----------------------------------------------------------------------------------
 * Initialization, devices, contexts */

EXPORT CUresult CUDAAPI cuInit(unsigned int Flags) {
    trace("cuInit(%u)", Flags);
    if (Flags != 0)
        return ERR_INVALID_VALUE;
    initialized = 1;
    return OK;
}

EXPORT CUresult CUDAAPI cuDriverGetVersion(int *driverVersion) {
    trace("cuDriverGetVersion");
    if (driverVersion == NULL)
        return ERR_INVALID_VALUE;
    *driverVersion = DRIVER_VERSION;
    return OK;
}

EXPORT CUresult CUDAAPI cuDeviceGetCount(int *count) {
    trace("cuDeviceGetCount");
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (count == NULL)
        return ERR_INVALID_VALUE;
    *count = 1;
    return OK;
}

EXPORT CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
    trace("cuDeviceGet(%d)", ordinal);
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (device == NULL)
        return ERR_INVALID_VALUE;
    if (ordinal != 0)
        return ERR_INVALID_DEVICE;
    *device = 0;
    return OK;
}

EXPORT CUresult CUDAAPI cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
    trace("cuDeviceGetAttribute(%d, dev %d)", (int)attrib, (int)dev);
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (pi == NULL)
        return ERR_INVALID_VALUE;
    if (dev != 0)
        return ERR_INVALID_DEVICE;
    switch ((int)attrib) {
    case ATTR_COMPUTE_CAPABILITY_MAJOR: *pi = 9; break;
    case ATTR_COMPUTE_CAPABILITY_MINOR: *pi = 0; break;
    case ATTR_MULTIPROCESSOR_COUNT: *pi = 2; break;
    case ATTR_PAGEABLE_MEMORY_ACCESS: *pi = 1; break;
    case ATTR_MANAGED_MEMORY: *pi = 1; break;
    case ATTR_CONCURRENT_MANAGED_ACCESS: *pi = 1; break;
    default: *pi = 0; break;
    }
    return OK;
}

EXPORT CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
    trace("cuDevicePrimaryCtxRetain(dev %d)", (int)dev);
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (pctx == NULL)
        return ERR_INVALID_VALUE;
    if (dev != 0)
        return ERR_INVALID_DEVICE;
    ctx_retains++;
    *pctx = &primary_ctx;
    return OK;
}

EXPORT CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx) {
    trace("cuCtxSetCurrent(%p)", (void *)ctx);
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (ctx != NULL && ctx != &primary_ctx)
        return ERR_INVALID_CONTEXT;
    current_ctx = ctx;
    return OK;
}

/* ----------------------------------------------------------------------------------
 * Modules and functions */

static int is_ident(char c) {
    return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

/* The parameter list "( ... )" of `.entry NAME` in `ptx`, or NULL. */
static const char *find_entry(const char *ptx, const char *name) {
    size_t n = strlen(name);
    const char *p = ptx;
    while ((p = strstr(p, ".entry")) != NULL) {
        p += 6;
        const char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        if (q == p || strncmp(q, name, n) != 0 || is_ident(q[n]))
            continue;
        q += n;
        while (isspace((unsigned char)*q))
            q++;
        if (*q == '(')
            return q;
    }
    return NULL;
}

/* Bytes of the parameter declared at `p` (just after ".param"): ".u64" -> 8, ".f32" -> 4,
 * ".align 8 .b8 x[24]" -> 24; 0 when unknown. */
static int param_size(const char *p, const char *end) {
    const char *br = memchr(p, '[', (size_t)(end - p));
    if (br != NULL)
        return atoi(br + 1);
    while (p < end) {
        while (p < end && isspace((unsigned char)*p))
            p++;
        if (p < end && *p == '.' && p + 1 < end && strchr("usbf", p[1]) != NULL
            && isdigit((unsigned char)p[2])) {
            int bits = atoi(p + 2);
            return bits == 8 ? 1 : bits / 8;
        }
        while (p < end && !isspace((unsigned char)*p))
            p++;
    }
    return 0;
}

static int parse_params(const char *open, int **sizes) {
    const char *close = strchr(open, ')');
    int n = 0;
    if (close == NULL)
        return -1;
    for (const char *p = open; (p = strstr(p, ".param")) != NULL && p < close; p += 6)
        n++;
    *sizes = calloc((size_t)(n ? n : 1), sizeof(int));
    int i = 0;
    for (const char *p = open; (p = strstr(p, ".param")) != NULL && p < close; i++) {
        p += 6;
        const char *e = p;
        while (e < close && *e != ',')
            e++;
        (*sizes)[i] = param_size(p, e);
        if ((*sizes)[i] <= 0)
            return -1;
        p = e;
    }
    return n;
}

EXPORT CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image) {
    CUresult r = need_context();
    trace("cuModuleLoadData(%p)", image);
    if (r != OK)
        return r;
    if (module == NULL || image == NULL)
        return ERR_INVALID_VALUE;
    const char *ptx = image;
    /* a PTX image is NUL-terminated text: a bounded look for the terminator, then the
     * directives every module has */
    size_t len = strnlen(ptx, (size_t)1 << 30);
    if (len == (size_t)1 << 30)
        return ERR_INVALID_IMAGE;
    if (strstr(ptx, ".version") == NULL || strstr(ptx, ".entry") == NULL)
        return ERR_INVALID_IMAGE;
    const char *t = strstr(ptx, ".target");
    if (t == NULL)
        return ERR_INVALID_PTX;
    t += 7;
    while (*t == ' ' || *t == '\t')
        t++;
    if (strncmp(t, "sm_", 3) != 0 || atoi(t + 3) > 90) /* the device is sm_90 */
        return ERR_INVALID_PTX;
    struct fake_module *m = calloc(1, sizeof *m);
    m->ptx = strdup(ptx);
    pthread_mutex_lock(&lock);
    m->next = modules;
    modules = m;
    modules_loaded++;
    pthread_mutex_unlock(&lock);
    *module = (CUmodule)m;
    return OK;
}

static struct fake_module *lookup_module(CUmodule h) {
    for (struct fake_module *m = modules; m != NULL; m = m->next)
        if ((CUmodule)m == h)
            return m;
    return NULL;
}

static struct fake_function *lookup_function(CUfunction h) {
    for (struct fake_function *f = functions; f != NULL; f = f->next)
        if ((CUfunction)f == h)
            return f;
    return NULL;
}

EXPORT CUresult CUDAAPI cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                            const char *name) {
    CUresult r = need_context();
    trace("cuModuleGetFunction(%p, %s)", (void *)hmod, name ? name : "(null)");
    if (r != OK)
        return r;
    if (hfunc == NULL || name == NULL)
        return ERR_INVALID_VALUE;
    pthread_mutex_lock(&lock);
    struct fake_module *m = lookup_module(hmod);
    pthread_mutex_unlock(&lock);
    if (m == NULL)
        return ERR_INVALID_HANDLE;
    const char *open = find_entry(m->ptx, name);
    if (open == NULL)
        return ERR_NOT_FOUND;
    struct fake_function *f = calloc(1, sizeof *f);
    f->mod = m;
    f->name = strdup(name);
    f->nparams = parse_params(open, &f->psize);
    if (f->nparams < 0) {
        free(f->psize);
        free(f->name);
        free(f);
        return ERR_INVALID_PTX;
    }
    pthread_mutex_lock(&lock);
    f->next = functions;
    functions = f;
    pthread_mutex_unlock(&lock);
    *hfunc = (CUfunction)f;
    return OK;
}

/* ----------------------------------------------------------------------------------
 * Memory */

static long find_alloc(void *p) {
    for (size_t i = 0; i < n_allocs; i++)
        if (allocs[i].p == p)
            return (long)i;
    return -1;
}

EXPORT CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                                          unsigned int flags) {
    CUresult r = need_context();
    trace("cuMemAllocManaged(%zu, %u)", bytesize, flags);
    if (r != OK)
        return r;
    if (dptr == NULL || bytesize == 0 || (flags != MEM_ATTACH_GLOBAL && flags != MEM_ATTACH_HOST))
        return ERR_INVALID_VALUE;
    const char *limit = getenv("FAKE_CUDA_FAIL_ALLOC_OVER");
    if (limit != NULL && *limit && bytesize > strtoull(limit, NULL, 10))
        return ERR_OUT_OF_MEMORY;
    void *p = NULL;
    if (posix_memalign(&p, 256, bytesize) != 0)
        return ERR_OUT_OF_MEMORY;
    memset(p, 0xA5, bytesize); /* not cleared, as documented: make that visible */
    pthread_mutex_lock(&lock);
    if (n_allocs == cap_allocs) {
        cap_allocs = cap_allocs ? 2 * cap_allocs : 64;
        allocs = realloc(allocs, cap_allocs * sizeof *allocs);
    }
    allocs[n_allocs].p = p;
    allocs[n_allocs].n = bytesize;
    allocs[n_allocs].managed = 1;
    allocs[n_allocs].ordinal = 0;
    n_allocs++;
    counters[N_ALLOC_MANAGED]++;
    pthread_mutex_unlock(&lock);
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return OK;
}

static CUresult run_queue(void);

/* Device memory: host memory here too (the emulated kernels run on the host), tracked
 * like managed memory; the copies synchronize first, as the driver's do for the NULL
 * stream.  cuGetProcAddress hands out the _v2 entry points (CUDA >= 3.2). */
EXPORT CUresult CUDAAPI cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
    trace("cuMemAlloc_v2(%zu)", bytesize);
    CUresult r = cuMemAllocManaged(dptr, bytesize, MEM_ATTACH_GLOBAL);
    if (r == OK) {
        pthread_mutex_lock(&lock);
        allocs[n_allocs - 1].managed = 0;
        counters[N_ALLOC_MANAGED]--;
        counters[N_ALLOC]++;
        pthread_mutex_unlock(&lock);
    }
    return r;
}

static int live_range(const void *p, size_t n) {
    int ok = 0;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < n_allocs; i++)
        if ((const char *)allocs[i].p <= (const char *)p &&
            (const char *)p + n <= (const char *)allocs[i].p + allocs[i].n)
            ok = 1;
    pthread_mutex_unlock(&lock);
    return ok;
}

EXPORT CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
    CUresult r = need_context();
    trace("cuMemcpyHtoD_v2(%#llx, %p, %zu)", (unsigned long long)dst, src, n);
    if (r != OK)
        return r;
    if ((r = run_queue()) != OK)
        return r;
    if (src == NULL || !live_range((void *)(uintptr_t)dst, n))
        return ERR_INVALID_VALUE;
    counters[N_HTOD]++;
    counters[N_HTOD_BYTES] += (long)n;
    memcpy((void *)(uintptr_t)dst, src, n);
    return OK;
}

EXPORT CUresult CUDAAPI cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
    CUresult r = need_context();
    trace("cuMemcpyDtoH_v2(%p, %#llx, %zu)", dst, (unsigned long long)src, n);
    if (r != OK)
        return r;
    if ((r = run_queue()) != OK)
        return r;
    if (dst == NULL || !live_range((void *)(uintptr_t)src, n))
        return ERR_INVALID_VALUE;
    counters[N_DTOH]++;
    counters[N_DTOH_BYTES] += (long)n;
    memcpy(dst, (void *)(uintptr_t)src, n);
    return OK;
}

EXPORT CUresult CUDAAPI cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n) {
    CUresult r = need_context();
    trace("cuMemcpyDtoD_v2(%#llx, %#llx, %zu)", (unsigned long long)dst,
          (unsigned long long)src, n);
    if (r != OK)
        return r;
    if ((r = run_queue()) != OK)
        return r;
    if (!live_range((void *)(uintptr_t)dst, n) || !live_range((void *)(uintptr_t)src, n))
        return ERR_INVALID_VALUE;
    counters[N_DTOD]++;
    memmove((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n);
    return OK;
}

EXPORT CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr dst, unsigned char uc, size_t n) {
    CUresult r = need_context();
    trace("cuMemsetD8_v2(%#llx, %u, %zu)", (unsigned long long)dst, (unsigned)uc, n);
    if (r != OK)
        return r;
    if ((r = run_queue()) != OK)
        return r;
    if (!live_range((void *)(uintptr_t)dst, n))
        return ERR_INVALID_VALUE;
    counters[N_MEMSET]++;
    memset((void *)(uintptr_t)dst, uc, n);
    return OK;
}

/* CUpointer_attribute, CUmemorytype */
enum { PTR_ATTR_MEMORY_TYPE = 2, PTR_ATTR_IS_MANAGED = 8, PTR_ATTR_DEVICE_ORDINAL = 9 };
enum { MEMORYTYPE_DEVICE = 2 };
#ifdef FAKE_CUDA_CHECK_HEADER
_Static_assert(PTR_ATTR_MEMORY_TYPE == CU_POINTER_ATTRIBUTE_MEMORY_TYPE, "enum");
_Static_assert(PTR_ATTR_IS_MANAGED == CU_POINTER_ATTRIBUTE_IS_MANAGED, "enum");
_Static_assert(PTR_ATTR_DEVICE_ORDINAL == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, "enum");
_Static_assert(MEMORYTYPE_DEVICE == CU_MEMORYTYPE_DEVICE, "enum");
#endif

/* The attributes of a pointer into a live allocation; like the driver, an address no
 * allocation of this driver holds (host memory) is CUDA_ERROR_INVALID_VALUE. */
EXPORT CUresult CUDAAPI cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr) {
    trace("cuPointerGetAttribute(%d, %#llx)", (int)attribute, (unsigned long long)ptr);
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (data == NULL)
        return ERR_INVALID_VALUE;
    const char *a = (const char *)(uintptr_t)ptr;
    long found = -1;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < n_allocs; i++)
        if ((const char *)allocs[i].p <= a && a < (const char *)allocs[i].p + allocs[i].n)
            found = (long)i;
    struct allocation al = found >= 0 ? allocs[found] : (struct allocation){0};
    pthread_mutex_unlock(&lock);
    if (found < 0)
        return ERR_INVALID_VALUE;
    switch ((int)attribute) {
    case PTR_ATTR_MEMORY_TYPE: *(unsigned *)data = MEMORYTYPE_DEVICE; return OK;
    case PTR_ATTR_IS_MANAGED: *(int *)data = al.managed; return OK;
    case PTR_ATTR_DEVICE_ORDINAL: *(int *)data = al.ordinal; return OK;
    default: return ERR_INVALID_VALUE;
    }
}

/* cuGetProcAddress hands out cuMemFree_v2 for "cuMemFree" (CUDA >= 3.2), as the driver
 * does; the legacy cuMemFree took a 32-bit pointer and is not implemented */
EXPORT CUresult CUDAAPI cuMemFree_v2(CUdeviceptr dptr) {
    CUresult r = need_context();
    trace("cuMemFree_v2(%#llx)", (unsigned long long)dptr);
    if (r != OK)
        return r;
    r = run_queue(); /* cuMemFree synchronizes */
    if (r != OK)
        return r;
    void *p = (void *)(uintptr_t)dptr;
    pthread_mutex_lock(&lock);
    long i = find_alloc(p);
    if (i >= 0)
        allocs[i] = allocs[--n_allocs];
    pthread_mutex_unlock(&lock);
    if (i < 0)
        return ERR_INVALID_VALUE;
    free(p);
    return OK;
}

/* ----------------------------------------------------------------------------------
 * Launches */

EXPORT CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                                       unsigned int gridDimY, unsigned int gridDimZ,
                                       unsigned int blockDimX, unsigned int blockDimY,
                                       unsigned int blockDimZ, unsigned int sharedMemBytes,
                                       CUstream hStream, void **kernelParams, void **extra) {
    CUresult r = need_context();
    trace("cuLaunchKernel(%p, grid %u,%u,%u, block %u,%u,%u, shmem %u, stream %p, params %p, "
          "extra %p)", (void *)f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY,
          blockDimZ, sharedMemBytes, (void *)hStream, (void *)kernelParams, (void *)extra);
    if (r != OK)
        return r;
    pthread_mutex_lock(&lock);
    struct fake_function *fn = lookup_function(f);
    long nth = ++launch_calls;
    pthread_mutex_unlock(&lock);
    const char *fail = getenv("FAKE_CUDA_FAIL_LAUNCH");
    if (fail != NULL && *fail && atol(fail) == nth)
        return ERR_LAUNCH_OUT_OF_RESOURCES;
    if (fn == NULL)
        return ERR_INVALID_HANDLE;
    if (!gridDimX || !gridDimY || !gridDimZ || !blockDimX || !blockDimY || !blockDimZ)
        return ERR_INVALID_VALUE;
    if ((unsigned long long)blockDimX * blockDimY * blockDimZ > MAX_BLOCK
        || gridDimX > 0x7fffffffu || gridDimY > 65535 || gridDimZ > 65535)
        return ERR_INVALID_VALUE;
    if (sharedMemBytes != 0 || extra != NULL)
        return ERR_INVALID_VALUE;
    if (hStream != NULL) /* only the NULL (legacy default) stream exists here */
        return ERR_INVALID_HANDLE;
    if (fn->nparams > 0 && kernelParams == NULL)
        return ERR_INVALID_VALUE;
    size_t total = 0;
    for (int i = 0; i < fn->nparams; i++) {
        if (kernelParams[i] == NULL)
            return ERR_INVALID_VALUE;
        total += ((size_t)fn->psize[i] + 7) & ~(size_t)7;
    }
    /* the driver copies the parameter values at launch time */
    struct pending *q = calloc(1, sizeof *q);
    q->f = fn;
    q->grid_x = gridDimX;
    q->block_x = blockDimX;
    q->values = calloc(total ? total : 1, 1);
    q->params = calloc((size_t)(fn->nparams ? fn->nparams : 1), sizeof(void *));
    size_t o = 0;
    for (int i = 0; i < fn->nparams; i++) {
        memcpy(q->values + o, kernelParams[i], (size_t)fn->psize[i]);
        q->params[i] = q->values + o;
        o += ((size_t)fn->psize[i] + 7) & ~(size_t)7;
    }
    pthread_mutex_lock(&lock);
    if (queue_tail != NULL)
        queue_tail->next = q;
    else
        queue_head = q;
    queue_tail = q;
    launches++;
    pthread_mutex_unlock(&lock);
    return OK;
}

static CUresult run_queue(void) {
    for (;;) {
        pthread_mutex_lock(&lock);
        struct pending *q = queue_head;
        if (q != NULL) {
            queue_head = q->next;
            if (queue_head == NULL)
                queue_tail = NULL;
        }
        launch_hook h = hook;
        pthread_mutex_unlock(&lock);
        if (q == NULL)
            return OK;
        trace("run %s grid %u block %u", q->f->name, q->grid_x, q->block_x);
        if (h != NULL)
            h(q->f->name, q->grid_x, q->block_x, q->params);
        free(q->params);
        free(q->values);
        free(q);
    }
}

EXPORT CUresult CUDAAPI cuCtxSynchronize(void) {
    CUresult r = need_context();
    trace("cuCtxSynchronize");
    if (r != OK)
        return r;
    return run_queue();
}

/* "cuCtxSynchronize" for CUDA >= 13.0: the context to synchronize, NULL for the current */
EXPORT CUresult CUDAAPI cuCtxSynchronize_v2(CUcontext ctx) {
    trace("cuCtxSynchronize_v2(%p)", (void *)ctx);
    if (!initialized)
        return ERR_NOT_INITIALIZED;
    if (ctx == NULL ? current_ctx != &primary_ctx : ctx != &primary_ctx)
        return ERR_INVALID_CONTEXT;
    return run_queue();
}

/* ----------------------------------------------------------------------------------
 * Entry points by name */

static void *self_handle(void) {
    static void *self;
    if (self == NULL) {
        Dl_info info;
        if (dladdr((void *)&cuInit, &info) && info.dli_fname != NULL)
            self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
    }
    return self;
}

/* Entry points whose ABI changed: from `version` on, `symbol` means `impl` */
static const struct {
    const char *symbol;
    int version;
    const char *impl;
} versioned[] = {
    {"cuMemFree", 3020, "cuMemFree_v2"},
    {"cuMemAlloc", 3020, "cuMemAlloc_v2"},
    {"cuMemcpyHtoD", 3020, "cuMemcpyHtoD_v2"},
    {"cuMemcpyDtoH", 3020, "cuMemcpyDtoH_v2"},
    {"cuMemcpyDtoD", 3020, "cuMemcpyDtoD_v2"},
    {"cuMemsetD8", 3020, "cuMemsetD8_v2"},
    {"cuCtxSynchronize", 13000, "cuCtxSynchronize_v2"},
};

EXPORT CUresult CUDAAPI cuGetProcAddress_v2(const char *symbol, void **pfn, int cudaVersion,
                                            cuuint64_t flags,
                                            CUdriverProcAddressQueryResult *symbolStatus) {
    trace("cuGetProcAddress_v2(%s, version %d, flags %llu)", symbol ? symbol : "(null)",
          cudaVersion, (unsigned long long)flags);
    if (symbol == NULL || pfn == NULL)
        return ERR_INVALID_VALUE;
    const char *name = symbol;
    for (size_t i = 0; i < sizeof versioned / sizeof versioned[0]; i++)
        if (strcmp(symbol, versioned[i].symbol) == 0 && cudaVersion >= versioned[i].version)
            name = versioned[i].impl;
    void *self = self_handle();
    void *p = NULL;
    if (self != NULL && strncmp(name, "cu", 2) == 0)
        p = dlsym(self, name);
    *pfn = p;
    if (symbolStatus != NULL)
        *symbolStatus = (CUdriverProcAddressQueryResult)(p ? PROC_SUCCESS
                                                           : PROC_SYMBOL_NOT_FOUND);
    return p ? OK : ERR_NOT_FOUND;
}

#ifndef FAKE_CUDA_CHECK_HEADER /* cuda.h maps this name to cuGetProcAddress_v2 */
EXPORT CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion,
                                         cuuint64_t flags) {
    return cuGetProcAddress_v2(symbol, pfn, cudaVersion, flags, NULL);
}
#endif

/* ----------------------------------------------------------------------------------
 * Test hooks */

EXPORT void fake_cuda_set_launch_hook(launch_hook h) {
    pthread_mutex_lock(&lock);
    hook = h;
    pthread_mutex_unlock(&lock);
}

EXPORT long fake_cuda_live_allocations(void) {
    pthread_mutex_lock(&lock);
    long n = (long)n_allocs;
    pthread_mutex_unlock(&lock);
    return n;
}

EXPORT long fake_cuda_launches(void) {
    return launches;
}

EXPORT long fake_cuda_launch_calls(void) {
    return launch_calls;
}

EXPORT long fake_cuda_modules(void) {
    return modules_loaded;
}

/* The number of parameters of the `.entry` of a function looked up by that name; -1 if
 * none was. */
EXPORT long fake_cuda_function_params(const char *name) {
    long n = -1;
    pthread_mutex_lock(&lock);
    for (struct fake_function *f = functions; f != NULL; f = f->next)
        if (strcmp(f->name, name) == 0) {
            n = f->nparams;
            break;
        }
    pthread_mutex_unlock(&lock);
    return n;
}

EXPORT long fake_cuda_pending(void) {
    long n = 0;
    pthread_mutex_lock(&lock);
    for (struct pending *q = queue_head; q != NULL; q = q->next)
        n++;
    pthread_mutex_unlock(&lock);
    return n;
}

/* Counter `k` (0: cuMemcpyHtoD calls, 1: cuMemcpyDtoH, 2: cuMemcpyDtoD, 3: cuMemsetD8,
 * 4: cuMemAlloc, 5: cuMemAllocManaged, 6: bytes copied by cuMemcpyHtoD, 7: by
 * cuMemcpyDtoH); -1 for another k. */
EXPORT long fake_cuda_counter(int k) {
    if (k < 0 || k >= N_COUNTERS)
        return -1;
    pthread_mutex_lock(&lock);
    long n = counters[k];
    pthread_mutex_unlock(&lock);
    return n;
}

/* Mark the live allocation at `p` as memory of device `ordinal` (a second GPU, for
 * the tests of arrays on another device); 0 if there is none at p. */
EXPORT int fake_cuda_move_to_device(void *p, int ordinal) {
    int ok = 0;
    pthread_mutex_lock(&lock);
    long i = find_alloc(p);
    if (i >= 0) {
        allocs[i].ordinal = ordinal;
        ok = 1;
    }
    pthread_mutex_unlock(&lock);
    return ok;
}
