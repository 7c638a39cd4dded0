import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, type TestApp } from './helper.js';

describe.each(DIALECTS)('common calls (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      config: { DEMO_START_BALANCE: 5000, PC_SITE_URL: 'https://pc.example' },
    });
    api = client(t.app);
  });
  afterAll(async () => t.close());

  it('reports the basic settings', async () => {
    const res = await api.get('/api/basicSet/getBasicInfo');
    expect(res.data).toEqual({
      service_link: '',
      service_link_type: 1,
      verify_reg_type: 1,
      trade_fee_type: 1,
      is_show_mobile: 1,
      demo_balance: 5000,
      pc_site_url: 'https://pc.example',
      stop_out_level: 50,
      margin_call_level: 100,
    });
  });

  it('reads one public setting and refuses others', async () => {
    expect((await api.get('/api/default/setting?key=is_show_mobile')).data).toBe(1);
    await t.services.core.settings.set('service_link', 'https://chat.example/room');
    expect((await api.get('/api/default/setting?key=service_link')).data).toBe('https://chat.example/room');
    expect(await api.get('/api/default/setting?key=stop_out_level')).toEqual({
      code: 2000,
      msg: 'Unknown setting',
      data: null,
    });
    expect((await api.get('/api/default/setting')).code).toBe(1001);
  });

  it('lists every calling code, named in the caller language', async () => {
    const en = (await api.get('/api/default/area_list')).data as {
      id: number;
      global_code: string;
      code: string;
      name: string;
    }[];
    expect(en.length).toBeGreaterThan(200);
    expect(en.find((a) => a.code === 'HK')).toEqual({
      id: 344,
      global_code: '+852',
      code: 'HK',
      name: 'Hong Kong SAR China',
    });
    expect(new Set(en.map((a) => a.id)).size).toBe(en.length);
    const hk = (await api.get('/api/default/area_list', { lang: 'hk' })).data as {
      code: string;
      name: string;
    }[];
    expect(hk.find((a) => a.code === 'CN')?.name).toBe('中國');
  });

  it('reports the company status and finds companies by name', async () => {
    expect((await api.get('/api/company/getCompanyStatus')).data).toEqual({
      status: 0,
      type: 0,
      loss_url: '',
    });
    const found = (await api.get('/api/company/getCompany?name=pipwise')).data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'Pipwise Markets Ltd', is_main: 1 });
    // LIKE wildcards in the search are taken as nothing, not as "match anything new".
    expect((await api.get('/api/company/getCompany?name=_%25')).data).toEqual(
      (await api.get('/api/company/getCompany')).data,
    );
    expect((await api.get('/api/company/getCompany?name=nothing-like-this')).data).toEqual([]);
  });
});
