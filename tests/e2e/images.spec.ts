import { expect, loaded, test } from './fixtures'

test('/thumbnail/ refuses media from a foreign host with 400', async ({ request }) => {
  for (const src of ['https://example.com/media/x.jpg', 'http://169.254.169.254/latest/meta-data/']) {
    const response = await request.get(`/thumbnail/?${new URLSearchParams({ src, w: '320' })}`)
    expect(response.status(), src).toBe(400)
  }
  // Bad parameters are 400 as well.
  const response = await request.get(`/thumbnail/?${new URLSearchParams({ src: 'x', w: '99999' })}`)
  expect(response.status()).toBe(400)
})

test('/thumbnail/ returns webp with a long-lived cache header for a store media URL', async ({ request, baseURL }) => {
  const src = `${baseURL}/media/product/fs-10001.jpg`
  expect((await request.get(src)).status()).toBe(200)
  const response = await request.get(`/thumbnail/?${new URLSearchParams({ src, w: '320', format: 'webp' })}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/webp')
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(response.headers().etag).toBeTruthy()
  const body = await response.body()
  expect(body.subarray(0, 4).toString('ascii')).toBe('RIFF')
  expect(body.subarray(8, 12).toString('ascii')).toBe('WEBP')
})

test('product images on a category page have a webp srcset through /thumbnail/ and a blurred placeholder', async ({
  page,
}) => {
  const response = await page.goto('/produkte/seilwinden/')
  expect(response?.status()).toBe(200)
  // Product pictures, however their URL is written (raw or encoded inside a /thumbnail/ URL).
  const images = page.locator('main img[src*="media/product/"], main img[src*="media%2Fproduct%2F"]')
  await expect(images.first()).toBeVisible()
  await loaded(page)
  const all = await images.evaluateAll((list) =>
    list.map((img) => ({
      src: img.getAttribute('src') ?? '',
      srcset: img.getAttribute('srcset') ?? '',
      sizes: img.getAttribute('sizes'),
      width: img.getAttribute('width'),
      style: img.getAttribute('style') ?? '',
      loading: img.getAttribute('loading'),
      fetchPriority: img.getAttribute('fetchpriority'),
    })),
  )
  expect(all.length).toBeGreaterThan(3)
  // The first row (two cards on a phone) is fetched at once with high priority, the rest when scrolled to.
  expect(all.map((image) => [image.loading, image.fetchPriority])).toEqual(
    all.map((_, index) => (index < 2 ? ['eager', 'high'] : ['lazy', null])),
  )
  for (const image of all) {
    expect(image.src).toMatch(/^\/thumbnail\/\?src=/)
    const candidates = image.srcset.split(', ')
    expect(candidates.every((c) => /^\/thumbnail\/\?src=.+format=webp \d+w$/.test(c))).toBe(true)
    expect(candidates.some((c) => c.endsWith(' 320w'))).toBe(true)
    expect(image.sizes).toBeTruthy()
    expect(image.width).toBeTruthy()
    expect(image.style).toContain('blur=3')
  }
  // The browser actually loads the picked candidate through the route.
  const decoded = await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
  expect(decoded).toBe(true)
})

test('CMS images on the home page are served through /thumbnail/ and load', async ({ page }) => {
  await page.goto('/')
  const images = page.locator('main img[src^="/thumbnail/"]')
  await expect(images.first()).toBeVisible()
  await loaded(page)
  const count = await images.count()
  expect(count).toBeGreaterThan(2)
  expect(await page.locator('main img[src*="/media/"]').count()).toBe(0)
  // Section backgrounds too, in the rounded size of background-media.ts.
  const backgrounds = await (await loaded(page))
    .locator('main section[style*="background-image"], main div[style*="background-image"]')
    .evaluateAll((list) => list.map((el) => el.getAttribute('style') ?? ''))
  expect(backgrounds.length).toBeGreaterThan(0)
  for (const style of backgrounds) expect(style).toMatch(/url\("\/thumbnail\/\?src=[^"]+&w=\d+00&h=\d+00&fit=inside&format=webp"\)/)
  const first = images.first()
  await first.scrollIntoViewIfNeeded()
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
})

test('pictures and logos load whatever host name the shop is opened under', async ({ page, baseURL }) => {
  // The shop's PUBLIC_URL names 127.0.0.1; a shopper on the same machine may type localhost instead.
  const otherHost = baseURL!.replace('127.0.0.1', 'localhost')
  const broken = async () =>
    (await loaded(page)).locator('main img').evaluateAll((images) =>
      (images as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
    )
  for (const path of ['/en/manufacturer', '/en/detail/7500379cfa8d405f6ddc1d15032ef246']) {
    await page.goto(`${otherHost}${path}`)
    const images = page.locator('main img')
    await expect(images.first()).toBeVisible()
    for (const src of await images.evaluateAll((all) => (all as HTMLImageElement[]).map((img) => img.getAttribute('src') ?? ''))) {
      expect(src, path).not.toContain('127.0.0.1')
    }
    await expect.poll(broken, { message: path }).toEqual([])
  }
})
